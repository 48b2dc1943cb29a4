import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth, useCurrentUser, UserMenu, type MenuUser } from '@/features/auth';
import { ChatView, messagesQueryKey, useChatActions } from '@/features/chat';
import { ContextToolsPanel, FilePreviewDialog, UploadPanel } from '@/features/documents';
import { HelpButton, HelpDialog, HelpProvider, useHelp } from '@/features/help';
import { InvoicesTab } from '@/features/invoices';
import { useProcoreStatus } from '@/features/procore';
import { SessionList, sessionsQueryKey, useCurrentSession } from '@/features/sessions';
import { MainLayout, useAppConfig, type QuickAction } from '@/features/shell';
import { ReportsTab, SettingsDialog } from '@/features/vendors';
import { buildSupportMailto } from '@/lib/support-mail';
import { InformationSourceProvider } from '@/stores/information-source';
import { InvoiceDialog } from './invoice-dialog';
import { ProcoreDialog } from './procore-dialog';

type MainScreenProps = {
  /** 'dev' when reached through /dev: the fixed dev identity, no identity provider. */
  mode: 'oidc' | 'dev';
};

export function MainScreen(props: MainScreenProps) {
  return (
    <HelpProvider>
      <MainScreenContent {...props} />
    </HelpProvider>
  );
}

function MainScreenContent({ mode }: MainScreenProps) {
  const auth = useAuth();
  const [, navigate] = useLocation();
  const currentUser = useCurrentUser();
  const help = useHelp();
  const [invoiceDialogOpen, setInvoiceDialogOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [procoreOpen, setProcoreOpen] = useState(false);
  const [openDocumentId, setOpenDocumentId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [sessionId, setSessionId] = useCurrentSession();
  const chatActions = useChatActions(sessionId);
  const appConfig = useAppConfig();
  const procoreStatus = useProcoreStatus().data;
  const procoreCompany = procoreStatus?.connected ? procoreStatus.company : null;

  const profile = auth.user?.profile;
  // Until (or unless) the server's record loads, show what the ID token says.
  const menuUser: MenuUser | null =
    currentUser.data ??
    (mode === 'oidc' && profile
      ? { firstName: profile.given_name ?? profile.name, lastName: profile.family_name, email: profile.email, imageUrl: profile.picture }
      : null);

  const signOut = () => {
    if (mode === 'dev') navigate(paths.home);
    else void auth.logout();
  };

  const onQuickAction = (action: QuickAction) => {
    if (action === 'help') help.openHelp();
    if (action === 'clear') void chatActions.clearChat();
    if (action === 'export') void chatActions.exportChat();
    if (action === 'support') {
      const lastQuestion = chatActions.getLastQuestion();
      window.location.href = buildSupportMailto({ sessionId, lastQuestion, email: appConfig.data?.supportEmail });
    }
    if (action === 'connect-procore') setProcoreOpen(true);
  };

  // A send can rename or reorder the chats, so their list is fetched again (docs/product-rules.md, Chat).
  const onMessageSent = useCallback(() => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }), [queryClient]);
  const forgetMessages = (id: number) => queryClient.removeQueries({ queryKey: messagesQueryKey(id) });

  return (
    <InformationSourceProvider>
      <MainLayout
        userMenu={<UserMenu user={menuUser} isLoading={currentUser.isPending && !menuUser} onSignOut={signOut} />}
        onQuickAction={onQuickAction}
        quickActionLabels={procoreCompany ? { 'connect-procore': `Procore: ${procoreCompany.name}` } : undefined}
        onOpenHelp={() => help.openHelp()}
        onOpenInvoiceProcessing={() => setInvoiceDialogOpen(true)}
        onOpenSettings={() => setSettingsOpen(true)}
        uploadPanel={<UploadPanel sessionId={sessionId} help={<HelpButton topic="file-upload-overview" category="files" size="sm" />} />}
        contextPanel={<ContextTools />}
        sessionsPanel={(closeDrawer) => (
          <SessionList
            currentSessionId={sessionId}
            onSelect={(id) => {
              setSessionId(id);
              closeDrawer();
            }}
            onSessionReset={forgetMessages}
          />
        )}
      >
        <ChatView sessionId={sessionId} onMessageSent={onMessageSent} onOpenDocument={setOpenDocumentId} voice={appConfig.data?.voice} />
      </MainLayout>
      {/* Each dialog's code loads after first paint, one boundary apiece so none hides another. */}
      <Suspense>
        <HelpDialog />
      </Suspense>
      <InvoiceDialog
        open={invoiceDialogOpen}
        onOpenChange={setInvoiceDialogOpen}
        help={<HelpButton topic="invoice-processing-features" category="invoice" size="sm" />}
      />
      <Suspense>
        <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} isAdmin={currentUser.data?.role === 'admin'} />
      </Suspense>
      <Suspense>
        <ProcoreDialog open={procoreOpen} onOpenChange={setProcoreOpen} />
      </Suspense>
      <Suspense>
        <FilePreviewDialog documentId={openDocumentId} onOpenChange={(open) => !open && setOpenDocumentId(null)} />
      </Suspense>
    </InformationSourceProvider>
  );
}

/** Suspense for the side panel and its tabs: a spinner in their place while their code loads. */
function PanelSlot({ children }: { children: ReactNode }) {
  const loading = (
    <div role="status" className="flex justify-center py-6">
      <Spinner className="size-6" />
      <span className="sr-only">Loading...</span>
    </div>
  );
  return <Suspense fallback={loading}>{children}</Suspense>;
}

/** The 'Context and Tools' panel, closed at first paint: its code and each tab's load on opening. */
function ContextTools() {
  return (
    <PanelSlot>
      <ContextToolsPanel
        invoicesTab={
          <PanelSlot>
            <InvoicesTab />
          </PanelSlot>
        }
        reportsTab={
          <PanelSlot>
            <ReportsTab />
          </PanelSlot>
        }
      />
    </PanelSlot>
  );
}
