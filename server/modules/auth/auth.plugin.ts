import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEV_ACCESS_TOKEN } from '@contract/auth';
import { API_TOKEN_PREFIX } from '@contract/tokens';
import { UnauthorizedError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import type { Identity, UsersService } from '../users/users.service';
import type { TokenVerifier } from './token-verifier';

const DEV_ISSUER = 'urn:kai:dev';
const DEV_SUBJECT = 'dev-user';

export interface AuthContext {
  identity: Identity;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** What the built-in provider says of a verified token's subject; a missing account counts as disabled. */
export type SubjectStatus = 'active' | 'disabled' | 'revoked';

export interface AuthPluginOptions {
  verify: TokenVerifier;
  users: UsersService;
  devMode: boolean;
  /** Claim holding the user's roles (string or string array), if the provider sends one. */
  rolesClaim?: string;
  /**
   * Extra gate for the built-in provider, asked on every request (verified tokens are cached, this is
   * not): a disabled local account's tokens stop working, and so do those issued (`iat`) before its
   * last password reset or invitation.
   */
  subjectStatus?: (subject: string, issuedAt: number | undefined) => Promise<SubjectStatus>;
  /** Personal API tokens (`kai_pat_...`): looked up by hash on every request instead of verified as JWTs. */
  apiTokens?: { authenticate: (token: string) => Promise<AuthContext> };
}

/** Turns `Authorization: Bearer <jwt or API token>` into `request.auth`. */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  app.decorateRequest('auth', null);

  const identify = async (token: string): Promise<Identity> => {
    if (options.devMode && token === DEV_ACCESS_TOKEN) {
      return { issuer: DEV_ISSUER, subject: DEV_SUBJECT, email: 'dev@localhost', name: 'Dev User', roles: [], isDev: true };
    }
    const { issuer, subject, claims } = await options.verify(token);
    const status = options.subjectStatus ? await options.subjectStatus(subject, claims.iat) : 'active';
    if (status === 'disabled') throw new UnauthorizedError('This account is disabled', 'account_disabled');
    if (status === 'revoked') throw new UnauthorizedError('This sign-in ended when the password was reset: sign in again', 'token_revoked');
    return {
      issuer,
      subject,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      roles: rolesFrom(options.rolesClaim ? readClaim(claims, options.rolesClaim) : undefined),
      isDev: false,
    };
  };

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (options.apiTokens && token.startsWith(API_TOKEN_PREFIX)) {
      request.auth = await options.apiTokens.authenticate(token);
      return;
    }
    const identity = await identify(token);
    const user = await options.users.resolve(identity);
    request.auth = { identity, user };
  });
});

function bearerToken(header: string | undefined): string {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i);
  if (!match) throw new UnauthorizedError('Sign-in required: send an access token as "Authorization: Bearer <token>"', 'missing_token');
  return match[1];
}

/** Reads a claim by name or dotted path (Keycloak: `realm_access.roles`). */
function readClaim(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  return name
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), claims);
}

function rolesFrom(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
