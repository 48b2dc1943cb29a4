import { errors, type AdapterConstructor, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import type { BuiltinIdentityConfig } from '../../config';
import { displayName, type AccountsService } from './accounts.service';
import { errorPage, logoutPage, PAGE_CSP, signedOutPage } from './pages';
import { API_SCOPES } from './scopes';

const RESOURCE_SCOPES = `${API_SCOPES} offline_access`;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;
const INTERACTION_TTL_SECONDS = 30 * 60;

export interface ProviderConfigInput {
  identity: BuiltinIdentityConfig;
  publicUrl: string;
  /** Path the provider answers under, as browsers see it (`/oidc`). */
  basePath: string;
  accounts: AccountsService;
  adapter: AdapterConstructor;
  signingKeys: JWK[];
  cookieKeys: string[];
}

/** Pages rendered through oidc-provider bypass Fastify's reply, so they set their own headers. */
function sendPage(ctx: KoaContextWithOIDC, html: string) {
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  if (!ctx.response.get('content-security-policy')) ctx.set('content-security-policy', PAGE_CSP);
  ctx.body = html;
}

export function buildProviderConfig(input: ProviderConfigInput): Configuration {
  const { identity, publicUrl } = input;
  const appUrl = `${publicUrl}/`;
  const appOrigin = new URL(publicUrl).origin;

  return {
    adapter: input.adapter,
    jwks: { keys: input.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: input.cookieKeys,
      names: { session: 'kai_oidc_session', interaction: 'kai_oidc_interaction', resume: 'kai_oidc_resume' },
    },
    clients: [
      {
        client_id: identity.clientId,
        client_name: 'KAI',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [appUrl],
        post_logout_redirect_uris: [appUrl],
      },
    ],
    clientBasedCORS: (_ctx, origin) => origin === appOrigin,
    pkce: { required: () => true },
    ...accountClaims(input.accounts),
    // The SPA signs in with prompt=login, and the OIDC rule then drops offline_access (it needs
    // prompt=consent). This first-party client still gets a refresh token; it ends with the
    // provider session (sign-out, disable, password reset), see expiresWithSession's default.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    features: features(input, appUrl),
    ttl: lifetimes(identity),
    interactions: {
      url: (_ctx, interaction) => `${input.basePath}/interaction/${interaction.uid}`,
    },
    renderError: (ctx, out) => {
      const message =
        out.error === 'server_error'
          ? 'Something went wrong on our side. Please try again.'
          : (out.error_description ?? 'The sign-in request could not be completed.');
      sendPage(ctx, errorPage({ heading: 'Sign-in problem', message, appUrl }));
    },
  };
}

/** What the ID token and the access token say about the signed-in account. */
function accountClaims(
  accounts: AccountsService,
): Pick<Configuration, 'claims' | 'scopes' | 'conformIdTokenClaims' | 'findAccount' | 'extraTokenClaims'> {
  return {
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    // The web client reads the user's name and email from the ID token; there is no userinfo call.
    conformIdTokenClaims: false,
    // An account still on a one-time password (or an invitation) gets no tokens, however it asks.
    findAccount: async (_ctx, sub) => {
      const account = await accounts.findReadyForTokens(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          // Accounts are created by an administrator; nobody has proven control of the mailbox.
          email_verified: false,
          name: displayName(account),
          given_name: account.firstName ?? undefined,
          family_name: account.lastName ?? undefined,
        }),
      };
    },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = accountId ? await accounts.findReadyForTokens(accountId) : undefined;
      if (!account) return undefined;
      return { email: account.email, name: displayName(account), roles: [account.role] };
    },
  };
}

function features(input: ProviderConfigInput, appUrl: string): Configuration['features'] {
  const { identity } = input;
  return {
    devInteractions: { enabled: false },
    pushedAuthorizationRequests: { enabled: false },
    revocation: { enabled: true },
    userinfo: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: (ctx, form) => sendPage(ctx, logoutPage(form, `${input.basePath}/assets/logout.js`)),
      postLogoutSuccessSource: (ctx) => sendPage(ctx, signedOutPage(appUrl)),
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => identity.audience,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resource) => {
        if (resource !== identity.audience) throw new errors.InvalidTarget();
        return {
          scope: RESOURCE_SCOPES,
          audience: identity.audience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: identity.accessTokenTtlSeconds,
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  };
}

function lifetimes(identity: BuiltinIdentityConfig): Configuration['ttl'] {
  const refreshTtl = identity.refreshTokenTtlSeconds;
  return {
    AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? identity.accessTokenTtlSeconds,
    AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
    IdToken: identity.accessTokenTtlSeconds,
    Interaction: INTERACTION_TTL_SECONDS,
    Session: refreshTtl,
    Grant: refreshTtl,
    // A rotated token keeps the lifetime of the one it replaces: sign-in, not use, sets the end.
    RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? refreshTtl,
  };
}
