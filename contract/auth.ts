import { z } from 'zod';

/**
 * The bearer token the web app sends from /dev. The server accepts it only when
 * KAI_DEV_MODE=1 outside production; everywhere else it is just an invalid token.
 */
export const DEV_ACCESS_TOKEN = 'kai-dev-mode';

/** Scopes the web client asks for; offline_access brings the refresh token (docs/product-rules.md, Sign-in). */
export const LOGIN_SCOPES = 'openid profile email offline_access';

/** GET /api/auth/config: what the web app needs to start its OIDC client. Public. */
export const authConfigResponse = z.object({
  authority: z.string().url(),
  clientId: z.string(),
  /** Sent as the `audience` parameter at /authorize (Auth0 needs it; others must not get it). */
  audience: z.string().optional(),
  scope: z.string(),
  /** Whether /dev is available on this server. */
  devMode: z.boolean(),
  /** 'builtin' when KAI runs its own OpenID Provider. */
  provider: z.enum(['builtin', 'external']),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponse>;
