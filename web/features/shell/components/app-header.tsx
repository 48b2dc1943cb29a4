import { CircleHelp, Menu, PanelRight, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { getSourceLabel, useInformationSource } from '@/stores/information-source';
import { HeaderIconButton } from './header-icon-button';

type AppHeaderProps = {
  userMenu: ReactNode;
  contextPanelOpen: boolean;
  onOpenSidebar: () => void;
  onOpenInvoiceProcessing: () => void;
  onOpenHelp: () => void;
  onToggleContextPanel: () => void;
};

export function AppHeader({ userMenu, contextPanelOpen, onOpenSidebar, onOpenInvoiceProcessing, onOpenHelp, onToggleContextPanel }: AppHeaderProps) {
  const { source } = useInformationSource();
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
      <HeaderIconButton label="Open sidebar" className="md:hidden" onClick={onOpenSidebar}>
        <Menu aria-hidden="true" />
      </HeaderIconButton>
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="truncate text-lg font-semibold text-slate-900 dark:text-slate-50">KAI Assistant</h1>
        <Badge variant="success">
          <span className="size-1.5 rounded-full bg-green-500" aria-hidden="true" />
          Online
        </Badge>
        <Badge variant="outline" className="hidden sm:inline-flex">
          <span className="sr-only">Source: </span>
          {getSourceLabel(source)}
        </Badge>
      </div>
      <div className="flex items-center gap-1">
        <HeaderIconButton label="Invoice processing" data-tour="invoice-processing" onClick={onOpenInvoiceProcessing}>
          <Receipt aria-hidden="true" />
        </HeaderIconButton>
        <HeaderIconButton label="Get help with this feature" onClick={onOpenHelp}>
          <CircleHelp aria-hidden="true" />
        </HeaderIconButton>
        <HeaderIconButton
          label="Toggle context panel"
          data-tour="context-panel-toggle"
          aria-pressed={contextPanelOpen}
          onClick={onToggleContextPanel}
        >
          <PanelRight aria-hidden="true" />
        </HeaderIconButton>
        <div className="ml-1">{userMenu}</div>
      </div>
    </header>
  );
}
