import type { AuthConfigResponse } from '@contract/auth';
import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { DEV_LOADING_MESSAGE } from '@/config/constants';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/handle-error';
import { useAuthConfig } from './auth-config';
import { AppProviders } from './providers';

// Nothing but the loading screen can show before the sign-in configuration arrives, so the rest
// of the app (identity client, routes, main screen) downloads while that request is under way,
// not before it starts (issue 17). The download starts as this module loads.
const configuredApp = import('./configured-app').then((m) => ({ default: m.ConfiguredApp }));
const ConfiguredApp = lazy(() => configuredApp);

export function App() {
  return (
    <AppProviders>
      <AuthConfigGate>
        {(config) => (
          <Suspense fallback={<StartupScreen />}>
            <ConfiguredApp config={config} />
          </Suspense>
        )}
      </AuthConfigGate>
    </AppProviders>
  );
}

function isDevPath(): boolean {
  return window.location.pathname.replace(/\/+$/, '').toLowerCase() === paths.dev;
}

function StartupScreen() {
  return <LoadingScreen message={isDevPath() ? DEV_LOADING_MESSAGE : undefined} />;
}

/** The OIDC client needs the server's runtime config, so nothing else renders before it. */
function AuthConfigGate({ children }: { children: (config: AuthConfigResponse) => ReactNode }) {
  const config = useAuthConfig();
  if (config.isPending) return <StartupScreen />;
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
