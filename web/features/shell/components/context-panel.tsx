import { Settings, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { HeaderIconButton } from './header-icon-button';

type ContextPanelProps = {
  onClose: () => void;
  /** Shows a settings button in the panel's title bar. */
  onOpenSettings?: () => void;
  children?: ReactNode;
};

/** The right-hand 'Context and Tools' panel; the route supplies its tabs. */
export function ContextPanel({ onClose, onOpenSettings, children }: ContextPanelProps) {
  return (
    <aside
      aria-labelledby="context-panel-title"
      className="fixed inset-y-0 right-0 z-40 flex w-80 max-w-[85vw] flex-col border-l border-slate-200 bg-white shadow-xl lg:static lg:z-auto lg:shadow-none dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
        <h2 id="context-panel-title" className="font-semibold text-slate-900 dark:text-slate-50">
          Context and Tools
        </h2>
        <div className="flex items-center gap-1">
          {onOpenSettings && (
            <HeaderIconButton label="Settings" onClick={onOpenSettings}>
              <Settings aria-hidden="true" />
            </HeaderIconButton>
          )}
          <Button variant="ghost" size="icon" aria-label="Close context panel" onClick={onClose}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex-1 overflow-y-auto p-4 text-sm text-slate-600 dark:text-slate-400">{children}</div>
    </aside>
  );
}
