/**
 * A user's Procore connection: the OAuth dance bound to the signed-in user, tokens stored
 * encrypted, refreshed once at a time, and the read session the chat's tools use.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ProcoreAuthenticateResponse, ProcoreCompany, ProcoreStatus } from '@contract/procore';
import { ProcoreApiError, type ProcoreAccess, type ProcoreApi } from '../../adapters/procore-api';
import { createPkcePair, ProcoreAuthError, type ProcoreOAuth, type ProcoreTokens } from '../../adapters/procore-oauth';
import { AppError, NotFoundError, ValidationError } from '../../errors';
import type { ProcoreConnectionRow, ProcoreRepository, StoredTokens } from './procore.repository';
import type { TokenCipher } from './token-cipher';

export const PROCORE_SETUP_HINT =
  'An administrator must set PROCORE_CLIENT_ID and PROCORE_CLIENT_SECRET (and, for the developer sandbox, PROCORE_LOGIN_URL and PROCORE_API_URL) before Procore can be connected.';

/** How long an authorize URL may be answered: Procore's codes last 10 minutes too. */
const STATE_TTL_MS = 10 * 60_000;
/** A token this close to expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export class ProcoreNotConnectedError extends AppError {
  constructor(message = 'Procore is not connected for you yet. Choose Connect Procore in the sidebar, then ask again.') {
    super(409, 'procore_not_connected', message);
  }
}

/** A 4xx: nothing failed, this server simply has no Procore client (the security suites allow no 5xx here). */
export function procoreNotConfigured(): AppError {
  return new AppError(409, 'procore_not_configured', `Procore is not set up on this KAI server. ${PROCORE_SETUP_HINT}`);
}

/** Procore could not answer (down, rate limited, refusing): a 502 with the adapter's words, which never hold tokens. */
function procoreUnavailable(err: unknown): AppError {
  const message = err instanceof Error ? err.message : 'Procore could not be reached';
  return new AppError(502, 'procore_unavailable', message.endsWith('.') ? message : `${message}.`);
}

/** Reads on behalf of one user, in the company they chose; a 401 gets one refresh and one retry. */
export interface ProcoreSession {
  companyId: string;
  companyName: string;
  get<T = unknown>(path: string, query?: Record<string, string>): Promise<T>;
  list<T = unknown>(path: string, query?: Record<string, string>): Promise<T[]>;
}

interface LiveAccess {
  accessToken: string;
  companyId: string | null;
  companyName: string | null;
}

export interface ProcoreServiceDeps {
  repository: ProcoreRepository;
  oauth: ProcoreOAuth;
  api: ProcoreApi;
  cipher: TokenCipher;
  log: FastifyBaseLogger;
  /** Procore's web app, for links in citations (procoreWebUrl). */
  webUrl?: string;
}

export function createProcoreService(deps: ProcoreServiceDeps) {
  const { repository, api, log } = deps;
  const tokens = createTokenKeeper(deps);

  async function session(userId: string): Promise<ProcoreSession> {
    let live = await tokens.current(userId);
    if (!live.companyId) throw new ProcoreNotConnectedError('Choose which Procore company KAI should read first (Connect Procore in the sidebar).');
    const companyId = live.companyId;
    const call = async <T>(read: (access: ProcoreAccess) => Promise<T>): Promise<T> => {
      try {
        return await read({ accessToken: live.accessToken, companyId, cacheScope: userId });
      } catch (err) {
        if (!(err instanceof ProcoreApiError) || err.kind !== 'unauthorized') throw err;
        live = await tokens.refresh(userId, live.accessToken);
        return read({ accessToken: live.accessToken, companyId, cacheScope: userId });
      }
    };
    return {
      companyId,
      companyName: live.companyName ?? 'your Procore company',
      get: (path, query) => call((access) => api.get(access, path, query)),
      list: (path, query) => call((access) => api.list(access, path, query)),
    };
  }

  async function companies(userId: string): Promise<ProcoreCompany[]> {
    const live = await tokens.current(userId);
    try {
      return await companiesWith(api, { accessToken: live.accessToken, cacheScope: userId });
    } catch (err) {
      if (!(err instanceof ProcoreApiError) || err.kind !== 'unauthorized') throw procoreUnavailable(err);
      const fresh = await tokens.refresh(userId, live.accessToken);
      return companiesWith(api, { accessToken: fresh.accessToken, cacheScope: userId }).catch((again: unknown) => {
        throw procoreUnavailable(again);
      });
    }
  }

  async function status(userId: string): Promise<ProcoreStatus> {
    const row = await repository.findConnection(userId);
    return { configured: true, connected: Boolean(row), company: row?.companyId ? { id: row.companyId, name: row.companyName ?? '' } : null };
  }

  return {
    session,
    webUrl: deps.webUrl,
    status,
    companies,
    ...createConnecting(deps, tokens.seal),

    async selectCompany(userId: string, companyId: string): Promise<ProcoreStatus> {
      const company = (await companies(userId)).find((c) => c.id === companyId);
      if (!company) throw new NotFoundError('That Procore company is not one of yours.', 'procore_company_not_found');
      await repository.setCompany(userId, company);
      api.forget(userId);
      return status(userId);
    },

    /** Revokes at Procore (best effort), then forgets the connection whatever Procore said. */
    async disconnect(userId: string): Promise<void> {
      const row = await repository.findConnection(userId);
      for (const stored of row ? [row.refreshToken, row.accessToken] : []) {
        try {
          await deps.oauth.revoke(deps.cipher.decrypt(stored));
        } catch (err) {
          log.warn({ userId, reason: err instanceof Error ? err.message : 'unknown' }, 'procore token revocation failed; forgetting it anyway');
        }
      }
      await repository.deleteConnection(userId);
      api.forget(userId);
    },
  };
}

async function companiesWith(api: ProcoreApi, access: ProcoreAccess): Promise<ProcoreCompany[]> {
  const list = await api.list<{ id: unknown; name: unknown; is_active?: boolean }>(access, '/rest/v1.0/companies');
  return list.filter((c) => c.is_active !== false).map((c) => ({ id: String(c.id), name: String(c.name) }));
}

/** The authorize URL bound to the user (state + PKCE), and the code exchange that answers it. */
function createConnecting(deps: ProcoreServiceDeps, seal: (issued: ProcoreTokens) => StoredTokens) {
  const { repository, oauth, api, cipher, log } = deps;
  return {
    async authUrl(userId: string): Promise<string> {
      const state = randomBytes(24).toString('base64url');
      const pkce = createPkcePair();
      await repository.saveState(userId, state, cipher.encrypt(pkce.verifier), new Date(Date.now() + STATE_TTL_MS));
      return oauth.authorizeUrl(state, pkce.challenge);
    },

    async authenticate(userId: string, code: string, state: string): Promise<ProcoreAuthenticateResponse> {
      const taken = await repository.takeState(userId, state);
      if (!taken || taken.expiresAt.getTime() < Date.now()) {
        throw new ValidationError(
          'This Procore sign-in has expired or was started elsewhere. Choose Connect Procore and try again.',
          'invalid_state',
        );
      }
      let issued: ProcoreTokens;
      try {
        issued = await oauth.exchangeCode(code, cipher.decrypt(taken.codeVerifier));
      } catch (err) {
        if (!(err instanceof ProcoreAuthError)) throw procoreUnavailable(err);
        log.warn({ userId, oauthError: err.oauthError }, 'procore refused the authorization code');
        throw new ValidationError(
          'Procore did not accept the authorization code: it may have expired or been used already. Choose Connect Procore and try again.',
          'procore_auth_failed',
        );
      }
      api.forget(userId);
      const access = { accessToken: issued.accessToken, cacheScope: userId };
      try {
        const me = await api.get<{ id?: unknown }>(access, '/rest/v1.0/me');
        const [company] = await companiesWith(api, access);
        await repository.saveConnection(userId, seal(issued), company ?? null);
        log.info({ userId, procoreUserId: String(me.id ?? ''), companyId: company?.id }, 'procore connected');
        return { success: true, companyName: company?.name };
      } catch (err) {
        throw err instanceof AppError ? err : procoreUnavailable(err);
      }
    },
  };
}

export type ProcoreService = ReturnType<typeof createProcoreService>;

/**
 * Access tokens for a user: the stored one while it has a minute left, else a refresh. Procore
 * rotates refresh tokens, so a refresh runs under the connection row's lock (one at a time across
 * instances) and re-reads the row once the lock is held: whoever waited uses the new tokens.
 */
function createTokenKeeper({ repository, oauth, cipher, log }: ProcoreServiceDeps) {
  const inFlight = new Map<string, Promise<LiveAccess>>();

  const live = (row: ProcoreConnectionRow, accessToken: string): LiveAccess => ({
    accessToken,
    companyId: row.companyId,
    companyName: row.companyName,
  });
  const fresh = (expiresAt: Date) => expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;

  /** Stored tokens that cannot be read (the key changed): the user connects again. */
  async function open(userId: string, stored: string): Promise<string> {
    try {
      return cipher.decrypt(stored);
    } catch {
      await repository.deleteConnection(userId);
      throw new ProcoreNotConnectedError(
        'Your Procore connection could not be read and was removed. Choose Connect Procore in the sidebar to connect again.',
      );
    }
  }

  async function refreshLocked(userId: string, staleAccessToken?: string): Promise<LiveAccess> {
    let refused = false;
    const result = await repository.withLockedConnection(userId, async (row, save) => {
      if (!row) throw new ProcoreNotConnectedError();
      const current = await open(userId, row.accessToken);
      // Another request or instance refreshed while this one waited for the lock.
      if (fresh(row.expiresAt) && current !== staleAccessToken) return live(row, current);
      try {
        const issued = await oauth.refresh(await open(userId, row.refreshToken));
        await save(seal(issued));
        return live(row, issued.accessToken);
      } catch (err) {
        if (!(err instanceof ProcoreAuthError)) throw procoreUnavailable(err);
        refused = true;
        return undefined;
      }
    });
    if (refused || !result) {
      await repository.deleteConnection(userId);
      log.warn({ userId }, 'procore refused the refresh token; connection removed');
      throw new ProcoreNotConnectedError('Your Procore connection has expired. Choose Connect Procore in the sidebar to connect again.');
    }
    return result;
  }

  function seal(issued: ProcoreTokens): StoredTokens {
    return { accessToken: cipher.encrypt(issued.accessToken), refreshToken: cipher.encrypt(issued.refreshToken), expiresAt: issued.expiresAt };
  }

  /** One refresh per user at a time in this process; the row lock covers other processes. */
  function refresh(userId: string, staleAccessToken?: string): Promise<LiveAccess> {
    const running = inFlight.get(userId);
    if (running) return running;
    const started = refreshLocked(userId, staleAccessToken).finally(() => inFlight.delete(userId));
    inFlight.set(userId, started);
    return started;
  }

  return {
    seal,
    refresh,
    async current(userId: string): Promise<LiveAccess> {
      const row = await repository.findConnection(userId);
      if (!row) throw new ProcoreNotConnectedError();
      if (fresh(row.expiresAt)) return live(row, await open(userId, row.accessToken));
      return refresh(userId);
    },
  };
}
