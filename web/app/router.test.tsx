import type { AuthConfigResponse } from '@contract/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Switch, type Parser } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { authConfigQueryKey } from './auth-config';
import { CaseInsensitiveRouter, withIgnoreCase } from './case-insensitive-router';
import { AppRouter } from './router';

function renderRoutes(path: string, devMode = false) {
  const queryClient = createTestQueryClient();
  const config: AuthConfigResponse = {
    authority: 'http://localhost:5000/oidc',
    clientId: 'kai-web',
    scope: 'openid profile email offline_access',
    devMode,
    provider: 'builtin',
  };
  queryClient.setQueryData(authConfigQueryKey, config);
  const { hook } = memoryLocation({ path });
  return renderWithProviders(<AppRouter hook={hook} />, { queryClient, withRouter: false });
}

describe('routes', () => {
  it('matches paths case-insensitively', () => {
    renderRoutes('/INVOICE-Processing');
    // Signed out: the route matched and asks for sign-in instead of showing 404.
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it("shows '404 Page Not Found' for unknown paths", async () => {
    renderRoutes('/no-such-page');
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
  });

  it("shows '404 Page Not Found' for /dev when the server has dev mode off", async () => {
    renderRoutes('/dev', false);
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
  });

  it("shows 'Loading development mode...' at /DEV when dev mode is on", () => {
    renderRoutes('/DEV', true);
    expect(screen.getByText('Loading development mode...')).toBeTruthy();
  });

  it('keeps named parameters, optional segments and wildcards of the pattern syntax', () => {
    renderWithProviders(
      <CaseInsensitiveRouter>
        <Switch>
          <Route path="/Chat/:id/:tab?">
            {(params) => (
              <p>
                chat {params.id} {params.tab ?? 'none'}
              </p>
            )}
          </Route>
          <Route>no match</Route>
        </Switch>
      </CaseInsensitiveRouter>,
      { path: '/chat/Abc' },
    );
    expect(screen.getByText('chat Abc none')).toBeTruthy();
  });

  it('adds the ignore-case flag to a case-sensitive parser', () => {
    const exact: Parser = (route) => ({ pattern: new RegExp(`^${route}$`), keys: [] });
    expect(exact('/dev').pattern.exec('/DEV')).toBeNull();
    expect(withIgnoreCase(exact)('/dev').pattern.exec('/DEV')).not.toBeNull();
  });
});
