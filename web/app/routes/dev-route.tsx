import { DEV_ACCESS_TOKEN } from '@contract/auth';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { DEV_LOADING_MESSAGE } from '@/config/constants';
import { useCurrentUser } from '@/features/auth';
import { setAccessTokenGetter } from '@/lib/api-client';
import { handleError } from '@/lib/handle-error';
import { authConfigQueryKey, useAuthConfig } from '../auth-config';
import { MainScreen } from './main-screen';
import { NotFoundPage } from './not-found-page';

/** /dev: the main screen under the server's fixed dev identity, only when the server allows it. */
export function DevRoute() {
  const config = useAuthConfig();
  if (config.isPending) return <LoadingScreen message={DEV_LOADING_MESSAGE} />;
  if (!config.data?.devMode) return <NotFoundPage />;
  return (
    <DevSession>
      <MainScreen mode="dev" />
    </DevSession>
  );
}

/** Cached answers belong to whoever was signed in; the auth config does not. */
function clearIdentityQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authConfigQueryKey[0] });
}

function DevSession({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [tokenReady, setTokenReady] = useState(false);

  useEffect(() => {
    clearIdentityQueries(queryClient);
    const unregister = setAccessTokenGetter(() => DEV_ACCESS_TOKEN);
    setTokenReady(true);
    return () => {
      unregister();
      clearIdentityQueries(queryClient);
    };
  }, [queryClient]);

  const currentUser = useCurrentUser({ enabled: tokenReady });
  // Latched: a later refetch of the user must not unmount the screen again.
  const [userSettled, setUserSettled] = useState(false);
  useEffect(() => {
    if (tokenReady && !currentUser.isPending) setUserSettled(true);
  }, [tokenReady, currentUser.isPending]);
  useEffect(() => {
    if (currentUser.error) handleError(currentUser.error, 'Could not load the development user');
  }, [currentUser.error]);

  if (!userSettled) return <LoadingScreen message={DEV_LOADING_MESSAGE} />;
  return <>{children}</>;
}
