import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useMediaQuery } from '@/hooks/use-media-query';
import { AppHeader } from './app-header';
import { ContextPanel } from './context-panel';
import { HeaderIconButton } from './header-icon-button';
import type { QuickAction, QuickActionLabels } from './quick-actions';
import { SidebarContent } from './sidebar-content';

type MainLayoutProps = {
  userMenu: ReactNode;
  onQuickAction: (action: QuickAction) => void;
  /** Wording that depends on another feature's state, e.g. the Procore company once connected. */
  quickActionLabels?: QuickActionLabels;
  onOpenHelp: () => void;
  onOpenInvoiceProcessing: () => void;
  uploadPanel?: ReactNode;
  /** The 'Chats' list; told how to close the small-screen drawer once a chat is picked. */
  sessionsPanel?: (closeDrawer: () => void) => ReactNode;
  contextPanel?: ReactNode;
  /** Shows a settings button in the context panel's title bar. */
  onOpenSettings?: () => void;
  children: ReactNode;
};

/** The main screen's frame: sidebar (drawer below md), header, content and context panel. */
export function MainLayout({
  userMenu,
  onQuickAction,
  quickActionLabels,
  onOpenHelp,
  onOpenInvoiceProcessing,
  uploadPanel,
  sessionsPanel,
  contextPanel,
  onOpenSettings,
  children,
}: MainLayoutProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [contextOpen, setContextOpen] = useState(false);
  const isDesktop = useMediaQuery('(min-width: 768px)');

  useEffect(() => {
    if (isDesktop) setDrawerOpen(false);
  }, [isDesktop]);

  const runAction = (action: QuickAction) => {
    setDrawerOpen(false);
    onQuickAction(action);
  };

  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50 dark:bg-slate-950">
      <aside
        aria-label="Sidebar"
        className={`hidden shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 md:block dark:border-slate-800 dark:bg-slate-900 ${collapsed ? 'w-16' : 'w-72'}`}
      >
        {collapsed ? (
          <div className="flex flex-col items-center gap-3 py-4">
            <span className="text-lg font-bold text-blue-700 dark:text-blue-400" aria-hidden="true">
              K
            </span>
            <HeaderIconButton label="Expand sidebar" onClick={() => setCollapsed(false)}>
              <PanelLeftOpen aria-hidden="true" />
            </HeaderIconButton>
          </div>
        ) : (
          <SidebarContent
            onAction={onQuickAction}
            quickActionLabels={quickActionLabels}
            uploadPanel={uploadPanel}
            sessionsPanel={sessionsPanel?.(() => {})}
            headerAction={
              <HeaderIconButton label="Collapse sidebar" onClick={() => setCollapsed(true)}>
                <PanelLeftClose aria-hidden="true" />
              </HeaderIconButton>
            }
          />
        )}
      </aside>

      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left">
          <SheetTitle className="sr-only">Sidebar</SheetTitle>
          <SheetDescription className="sr-only">Information source, uploads, quick actions and preferences</SheetDescription>
          <SidebarContent
            onAction={runAction}
            quickActionLabels={quickActionLabels}
            uploadPanel={uploadPanel}
            sessionsPanel={sessionsPanel?.(() => setDrawerOpen(false))}
          />
        </SheetContent>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader
          userMenu={userMenu}
          contextPanelOpen={contextOpen}
          onOpenSidebar={() => setDrawerOpen(true)}
          onOpenInvoiceProcessing={onOpenInvoiceProcessing}
          onOpenHelp={onOpenHelp}
          onToggleContextPanel={() => setContextOpen((open) => !open)}
        />
        <div className="flex min-h-0 flex-1">
          <main className="min-w-0 flex-1 overflow-y-auto">{children}</main>
          {contextOpen && (
            <ContextPanel onClose={() => setContextOpen(false)} onOpenSettings={onOpenSettings}>
              {contextPanel}
            </ContextPanel>
          )}
        </div>
      </div>
    </div>
  );
}
