import { useState } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_SESSION_ID } from '@/config/constants';
import { paths } from '@/config/paths';
import { useAuth, useCurrentUser, UserMenu, type MenuUser } from '@/features/auth';
import { ChatWelcome } from '@/features/chat';
import { HelpDialog } from '@/features/help';
import { MainLayout, type QuickAction } from '@/features/shell';
import { buildSupportMailto } from '@/lib/support-mail';
import { InformationSourceProvider } from '@/stores/information-source';

type MainScreenProps = {
  /** 'dev' when reached through /dev: the fixed dev identity, no identity provider. */
  mode: 'oidc' | 'dev';
};

export function MainScreen({ mode }: MainScreenProps) {
  const auth = useAuth();
  const [, navigate] = useLocation();
  const currentUser = useCurrentUser();
  const [helpOpen, setHelpOpen] = useState(false);

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
    if (action === 'help') setHelpOpen(true);
    if (action === 'support') window.location.href = buildSupportMailto(DEFAULT_SESSION_ID);
    // Clear, Export and Connect Procore are filled in by the chat and Procore features.
  };

  return (
    <InformationSourceProvider>
      <MainLayout
        userMenu={<UserMenu user={menuUser} isLoading={currentUser.isPending && !menuUser} onSignOut={signOut} />}
        onQuickAction={onQuickAction}
        onOpenHelp={() => setHelpOpen(true)}
        onOpenInvoiceProcessing={() => navigate(paths.invoiceProcessing)}
      >
        <ChatWelcome />
      </MainLayout>
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </InformationSourceProvider>
  );
}
