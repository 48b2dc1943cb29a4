import { useId, type ReactNode } from 'react';

export function SidebarSection({ title, titleId, children }: { title: string; titleId?: string; children: ReactNode }) {
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {title}
      </h3>
      {children}
    </section>
  );
}
