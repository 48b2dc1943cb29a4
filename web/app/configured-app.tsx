import type { AuthConfigResponse } from '@contract/auth';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/features/auth';
import { AppRouter } from './router';

/** Everything that needs the sign-in configuration: the identity client and the routes. */
export function ConfiguredApp({ config }: { config: AuthConfigResponse }) {
  return (
    <AuthProvider config={config}>
      <TooltipProvider>
        <AppRouter />
      </TooltipProvider>
    </AuthProvider>
  );
}
