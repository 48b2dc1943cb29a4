import { LOGIN_SCOPES, type AuthConfigResponse } from '@contract/auth';
import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';

/**
 * Identity client constants (docs/product-rules.md, Sign-in), mapped onto oidc-client-ts 3.5.
 * Constants of the original identity SDK with no oidc-client-ts equivalent are noted
 * but not set: token lock wait 5 s, transaction and session-check cookies 1 day
 * (oidc-client-ts keeps its transaction in the state store instead of cookies), and the
 * 60 s ID-token clock skew (oidc-client-ts 3 has no clockSkewInSeconds; the server
 * checks every access token it receives).
 */
const OIDC_CONSTANTS = {
  /** HTTP timeout for every call to the identity provider, including refresh. */
  requestTimeoutInSeconds: 10,
  /** Popup size 400x600. The popup timeout (60 s) has no setting: KAI signs in by redirect. */
  popupWindowFeatures: { width: 400, height: 600 },
  /** Renew the access token 60 s before it expires. */
  accessTokenExpiringNotificationTimeInSeconds: 60,
  /** Token request retried 3 times on timeout before the renew is reported failed. */
  maxSilentRenewTimeoutRetries: 3,
} as const;

/** The login page always asks for credentials again, even with a live provider session (docs/product-rules.md, Sign-in). */
export const LOGIN_PROMPT = 'login';

function getRedirectUri(): string {
  return `${window.location.origin}/`;
}

export function buildUserManagerSettings(config: AuthConfigResponse): UserManagerSettings {
  const origin = window.location.origin;
  return {
    authority: config.authority,
    client_id: config.clientId,
    // The server registers exactly `${origin}/` as the redirect address.
    redirect_uri: getRedirectUri(),
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    // The server adds provider-specific scopes (Entra's API scope) to LOGIN_SCOPES.
    scope: config.scope || LOGIN_SCOPES,
    // Auth0 needs `audience`; other providers must not receive it.
    ...(config.audience ? { extraQueryParams: { audience: config.audience } } : {}),
    // Renewal uses the refresh token only. With no silent_redirect_uri, oidc-client-ts
    // cannot fall back to a hidden iframe: signinSilent fails instead when there is no
    // refresh token, and the user signs in again. monitorSession would add a
    // check-session iframe, so it stays off.
    automaticSilentRenew: true,
    silent_redirect_uri: undefined,
    monitorSession: false,
    // Local storage, so every tab shares one sign-in (docs/product-rules.md, Sign-in).
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    ...OIDC_CONSTANTS,
  };
}

export function createUserManager(config: AuthConfigResponse): UserManager {
  return new UserManager(buildUserManagerSettings(config));
}

const IDENTITY_CACHE_PREFIX = 'oidc.';

/** Before login, so stale state or an earlier user's tokens cannot mix into the new sign-in (docs/product-rules.md, Sign-in). */
export function clearIdentityCache(storage: Storage = window.localStorage): void {
  const stale: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(IDENTITY_CACHE_PREFIX)) stale.push(key);
  }
  stale.forEach((key) => storage.removeItem(key));
}

export type SigninState = { returnTo: string };

/** Only same-origin paths are accepted, so a crafted state cannot send the user elsewhere. */
export function readReturnTo(state: unknown): string {
  const returnTo = (state as Partial<SigninState> | null | undefined)?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\')) {
    return '/';
  }
  return returnTo;
}

/** Identity errors that usually mean the redirect address is not registered with the provider. */
export function isRedirectRegistrationError(error: { message?: string } | undefined): boolean {
  const message = error?.message ?? '';
  return message.includes('Unauthorized') || message.includes('Invalid state');
}
