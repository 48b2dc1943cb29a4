/**
 * Procore's OAuth 2.0 endpoints (authorization code with PKCE, refresh with rotation, revoke).
 * Tokens and the client secret travel only in request bodies: no message or error built here
 * ever contains them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ProcoreConfig } from '../integrations-config';

type ProcoreOAuthConfig = Pick<ProcoreConfig, 'clientId' | 'clientSecret' | 'redirectUri' | 'loginUrl'>;

export interface ProcoreTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** Procore refused a code or refresh token (`invalid_grant`), or the client itself (`invalid_client`). */
export class ProcoreAuthError extends Error {
  constructor(
    message: string,
    readonly oauthError: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ProcoreAuthError';
  }
}

/** The token endpoint could not be reached, timed out, or answered with a server error. */
class ProcoreOAuthUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProcoreOAuthUnavailableError';
  }
}

/** A PKCE pair (RFC 7636, S256): the verifier stays on the server, the challenge goes in the URL. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Procore's access tokens last 1.5 h; used when an answer leaves `expires_in` out. */
const DEFAULT_EXPIRES_IN_SECONDS = 5400;
const DEFAULT_TIMEOUT_MS = 15_000;

export function createProcoreOAuth(config: ProcoreOAuthConfig, options: { timeoutMs?: number; now?: () => number } = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;

  async function post(path: string, fields: Record<string, string>): Promise<Response> {
    try {
      return await fetch(`${config.loginUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      throw new ProcoreOAuthUnavailableError(timedOut ? 'Procore did not answer in time' : 'Procore could not be reached');
    }
  }

  async function tokenRequest(fields: Record<string, string>, what: string): Promise<ProcoreTokens> {
    const res = await post('/oauth/token', { ...fields, client_id: config.clientId, client_secret: config.clientSecret });
    const body = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (res.status >= 500 || res.status === 429) throw new ProcoreOAuthUnavailableError(`Procore answered ${res.status} to the ${what}`);
    if (!res.ok || !body) {
      // Only Procore's error code is kept: its description may quote what was sent.
      const code = typeof body?.error === 'string' && /^[a-z_]{1,40}$/.test(body.error) ? body.error : 'invalid_request';
      throw new ProcoreAuthError(`Procore refused the ${what} (${code})`, code, res.status);
    }
    if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
      throw new ProcoreAuthError(`Procore's answer to the ${what} held no tokens`, 'invalid_response', res.status);
    }
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_EXPIRES_IN_SECONDS;
    return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: new Date(now() + expiresIn * 1000) };
  }

  return {
    authorizeUrl(state: string, codeChallenge: string): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${config.loginUrl}/oauth/authorize?${query.toString()}`;
    },

    exchangeCode(code: string, codeVerifier: string): Promise<ProcoreTokens> {
      return tokenRequest(
        { grant_type: 'authorization_code', code, redirect_uri: config.redirectUri, code_verifier: codeVerifier },
        'authorization code',
      );
    },

    /** Procore rotates refresh tokens: the one passed here is dead once this returns. */
    refresh(refreshToken: string): Promise<ProcoreTokens> {
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'token refresh');
    },

    /** Procore answers 200 even for a token it does not know; anything else is reported. */
    async revoke(token: string): Promise<void> {
      const res = await post('/oauth/revoke', { token, client_id: config.clientId, client_secret: config.clientSecret });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new ProcoreOAuthUnavailableError(`Procore answered ${res.status} to the revocation`);
    },
  };
}

export type ProcoreOAuth = ReturnType<typeof createProcoreOAuth>;
