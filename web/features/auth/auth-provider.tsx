import type { AuthConfigResponse } from '@contract/auth';
import type { User } from 'oidc-client-ts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthProvider as OidcProvider, useAuth as useOidc } from 'react-oidc-context';
import { AuthContext, type AuthContextValue } from './auth-context';
import { clearIdentityCache, createUserManager, isRedirectRegistrationError, LOGIN_PROMPT, readReturnTo, type SigninState } from './user-manager';

/**
 * Back from the identity provider: drop `?code=&state=` and return to the path the
 * user was on. wouter patches history.replaceState, so the router sees the change.
 */
function onSigninCallback(user: User | undefined): void {
  window.history.replaceState({}, document.title, readReturnTo(user?.state));
}

/** The provider redirects to `${origin}/`; code/state elsewhere (e.g. Procore's) are not ours. */
function isSigninCallbackPath(): boolean {
  return window.location.pathname === '/';
}

export function AuthProvider({ config, children }: { config: AuthConfigResponse; children: ReactNode }) {
  const userManager = useMemo(() => createUserManager(config), [config]);
  return (
    <OidcProvider userManager={userManager} onSigninCallback={onSigninCallback} skipSigninCallback={!isSigninCallbackPath()}>
      <AuthStateProvider>{children}</AuthStateProvider>
    </OidcProvider>
  );
}

function AuthStateProvider({ children }: { children: ReactNode }) {
  const oidc = useOidc();
  const [isUserSynced, setUserSynced] = useState(false);
  const userRef = useRef(oidc.user);
  userRef.current = oidc.user;

  useEffect(() => {
    if (!oidc.error) return;
    console.error('Identity provider error:', oidc.error);
    if (isRedirectRegistrationError(oidc.error)) {
      console.error(
        `Sign-in failed. Check that ${window.location.origin}/ is registered as a redirect (callback) and logout address for this client with the identity provider.`,
      );
    }
  }, [oidc.error]);

  useEffect(() => {
    if (!oidc.isAuthenticated) setUserSynced(false);
  }, [oidc.isAuthenticated]);

  const { signinRedirect, signoutRedirect, removeUser, events } = oidc;

  // If the refresh-token renewal failed, an expired token must not linger as a
  // signed-in state: forget it so the welcome page asks the user to sign in again.
  useEffect(() => events.addAccessTokenExpired(() => void removeUser()), [events, removeUser]);

  const login = useCallback(async () => {
    clearIdentityCache();
    const state: SigninState = { returnTo: window.location.pathname + window.location.search };
    await signinRedirect({ prompt: LOGIN_PROMPT, state });
  }, [signinRedirect]);

  const logout = useCallback(async () => {
    setUserSynced(false);
    const home = `${window.location.origin}/`;
    try {
      // oidc-client-ts adds id_token_hint itself.
      await signoutRedirect({ post_logout_redirect_uri: home });
    } catch (err) {
      // A provider without an end-session endpoint: forget the tokens locally instead.
      console.error('Sign-out redirect failed; signing out locally.', err);
      await removeUser();
      window.location.assign(home);
    }
  }, [signoutRedirect, removeUser]);

  const getAccessToken = useCallback(() => userRef.current?.access_token ?? null, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      isLoading: oidc.isLoading,
      isAuthenticated: oidc.isAuthenticated,
      user: oidc.user,
      error: oidc.error,
      isRedirecting: oidc.activeNavigator === 'signinRedirect' || oidc.activeNavigator === 'signoutRedirect',
      isUserSynced,
      setUserSynced,
      getAccessToken,
      login,
      logout,
    }),
    [oidc.isLoading, oidc.isAuthenticated, oidc.user, oidc.error, oidc.activeNavigator, isUserSynced, getAccessToken, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
