import type { ReactNode } from 'react';
import { COMPANY_NAME, COPYRIGHT_YEAR } from '@/config/constants';
import { useAppConfig } from '../api/get-app-config';
import { PreferenceSwitches } from './preference-switches';
import { QuickActions, type QuickAction, type QuickActionLabels } from './quick-actions';
import { SourceSelector } from './source-selector';

type SidebarContentProps = {
  onAction: (action: QuickAction) => void;
  quickActionLabels?: QuickActionLabels;
  uploadPanel?: ReactNode;
  sessionsPanel?: ReactNode;
  /** Extra control beside the title, e.g. the desktop collapse button. */
  headerAction?: ReactNode;
};

export function SidebarContent({ onAction, quickActionLabels, uploadPanel, sessionsPanel, headerAction }: SidebarContentProps) {
  const companyName = useAppConfig().data?.companyName ?? COMPANY_NAME;
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-2 border-b border-slate-200 px-4 py-4 dark:border-slate-800">
        <div>
          <h2 className="text-xl font-bold tracking-tight text-blue-700 dark:text-blue-400">KAI</h2>
          <p className="text-xs font-medium text-slate-500 dark:text-slate-400">STRUCTUREai Assistant</p>
        </div>
        {headerAction}
      </div>
      <div className="flex-1 space-y-6 overflow-y-auto px-2 py-4">
        {sessionsPanel}
        <SourceSelector />
        {uploadPanel}
        <QuickActions onAction={onAction} labels={quickActionLabels} />
        <PreferenceSwitches />
      </div>
      <footer className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <p>
          © {COPYRIGHT_YEAR} {companyName}
        </p>
        <p>Structure ERP Integration</p>
      </footer>
    </div>
  );
}
