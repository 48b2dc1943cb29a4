import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Frame for the full-page screens outside the main chat: title bar with 'Back to Chat'. */
export function PageShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-4 px-4">
          <Link href={paths.home} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <ArrowLeft aria-hidden="true" />
            Back to Chat
          </Link>
          <h1 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{title}</h1>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
    </div>
  );
}
