import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { PreferencesProvider } from '@/stores/preferences';

/**
 * App-wide providers that do not depend on who is signed in. The TooltipProvider is in
 * ConfiguredApp, with the only screens that have tooltips, out of the first download (issue 17).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <PreferencesProvider>
        {children}
        <Toaster />
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
