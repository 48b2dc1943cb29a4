import { useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { setAccessTokenGetter } from '@/lib/api-client';
import { useAuth } from '../auth-context';
import { useUserSync } from '../hooks/use-user-sync';
import { WelcomePage } from './welcome-page';

/** Guards a signed-in route: loading screen, then the welcome page or the route itself. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.isLoading) return <LoadingScreen />;
  if (!auth.isAuthenticated) return <WelcomePage />;
  return <AuthenticatedSession>{children}</AuthenticatedSession>;
}

/**
 * Registers the access-token getter once authenticated and not loading, then syncs the user
 * before the route's own requests start, so none goes out without a token or user record.
 */
function AuthenticatedSession({ children }: { children: ReactNode }) {
  const { getAccessToken } = useAuth();
  const [tokenReady, setTokenReady] = useState(false);

  useEffect(() => {
    const unregister = setAccessTokenGetter(getAccessToken);
    setTokenReady(true);
    return unregister;
  }, [getAccessToken]);

  const syncSettled = useUserSync(tokenReady);
  if (!tokenReady || !syncSettled) return <LoadingScreen />;
  return <>{children}</>;
}
