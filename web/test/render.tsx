import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '@/app/providers';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthContext, type AuthContextValue } from '@/features/auth';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    isLoading: false,
    isAuthenticated: false,
    user: null,
    error: undefined,
    isRedirecting: false,
    isUserSynced: false,
    setUserSynced: vi.fn(),
    getAccessToken: () => null,
    login: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    ...overrides,
  };
}

type Options = { auth?: AuthContextValue; queryClient?: QueryClient; path?: string; withRouter?: boolean };

/** Renders inside the app's providers (and tooltips') with a fake auth state and an in-memory location. */
export function renderWithProviders(
  ui: ReactElement,
  { auth = fakeAuth(), queryClient = createTestQueryClient(), path = '/', withRouter = true }: Options = {},
) {
  const location = memoryLocation({ path, record: true });
  const wrap = (children: ReactNode) => (withRouter ? <Router hook={location.hook}>{children}</Router> : children);
  const result = render(
    <AppProviders queryClient={queryClient}>
      {/* The app puts this one in ConfiguredApp, after the sign-in configuration. */}
      <TooltipProvider>
        <AuthContext.Provider value={auth}>{wrap(ui)}</AuthContext.Provider>
      </TooltipProvider>
    </AppProviders>,
  );
  return { ...result, location, queryClient, auth };
}
