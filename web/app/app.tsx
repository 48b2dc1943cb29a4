import type { AuthConfigResponse } from '@contract/auth';
import type { ReactNode } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthProvider } from '@/features/auth';
import { getErrorMessage } from '@/lib/handle-error';
import { useAuthConfig } from './auth-config';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProviders>
      <AuthConfigGate>
        {(config) => (
          <AuthProvider config={config}>
            <AppRouter />
          </AuthProvider>
        )}
      </AuthConfigGate>
    </AppProviders>
  );
}

function isDevPath(): boolean {
  return window.location.pathname.replace(/\/+$/, '').toLowerCase() === paths.dev;
}

/** The OIDC client needs the server's runtime config, so nothing else renders before it. */
function AuthConfigGate({ children }: { children: (config: AuthConfigResponse) => ReactNode }) {
  const config = useAuthConfig();
  if (config.isPending) return <LoadingScreen message={isDevPath() ? 'Loading development mode...' : undefined} />;
  if (config.isError) {
    return (
      <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-semibold">KAI could not start</h1>
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">
          The sign-in configuration could not be loaded: {getErrorMessage(config.error)}
        </p>
        <Button onClick={() => void config.refetch()} disabled={config.isFetching}>
          Try again
        </Button>
      </main>
    );
  }
  return <>{children(config.data)}</>;
}
