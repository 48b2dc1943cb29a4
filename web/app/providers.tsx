import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import { PreferencesProvider } from '@/stores/preferences';

/** App-wide providers that do not depend on who is signed in. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <PreferencesProvider>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
