/**
 * Procore's REST API, read-only: bearer token, the company header, Link/Total pagination, 429
 * and 503 honoured within bounds, a brief cache. Ids and amounts come back as strings
 * (procore-json.ts). Messages name the path, never a token.
 */
import { LRUCache } from 'lru-cache';
import { parseProcoreJson } from './procore-json';

/** Who is asking: the bearer token, the company the call is for, and whose cache entries these are. */
export interface ProcoreAccess {
  accessToken: string;
  companyId?: string;
  /** Keys the cache (a user id): one user never sees another's cached answers. */
  cacheScope: string;
}

type ProcoreApiErrorKind = 'unauthorized' | 'forbidden' | 'not_found' | 'rate_limited' | 'unavailable' | 'timeout' | 'failed';

export class ProcoreApiError extends Error {
  constructor(
    message: string,
    readonly kind: ProcoreApiErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProcoreApiError';
  }
}

export interface ProcoreApiOptions {
  apiUrl: string;
  timeoutMs?: number;
  /** Retries after a 429 or 503 before giving up. */
  maxRetries?: number;
  /** The longest a single Retry-After is waited; a longer one gives up at once. */
  maxWaitMs?: number;
  maxPages?: number;
  perPage?: number;
  cacheTtlMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The only calls Procore answers without a company header. */
const COMPANYLESS = new Set(['/rest/v1.0/me', '/rest/v1.0/companies']);
const DEFAULT_WAIT_MS = 1000;

export function createProcoreApi(options: ProcoreApiOptions) {
  const apiOrigin = new URL(options.apiUrl).origin;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRetries = options.maxRetries ?? 2;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const maxPages = options.maxPages ?? 20;
  const perPage = options.perPage ?? 100;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const cache = new LRUCache<string, { value: unknown }>({ max: 1000, ttl: options.cacheTtlMs ?? 60_000 });

  function urlFor(path: string, query: Record<string, string>): URL {
    const url = new URL(path, `${options.apiUrl}/`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  async function fetchOnce(access: ProcoreAccess, url: URL): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${access.accessToken}`, accept: 'application/json' };
    if (!COMPANYLESS.has(url.pathname)) {
      if (!access.companyId) throw new ProcoreApiError('No Procore company is selected', 'failed');
      headers['procore-company-id'] = access.companyId;
    }
    try {
      return await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'TimeoutError')
        throw new ProcoreApiError(`Procore did not answer ${url.pathname} in time`, 'timeout');
      throw new ProcoreApiError(`Procore could not be reached for ${url.pathname}`, 'unavailable');
    }
  }

  /** One page, retried after 429/503 as Procore asks, within the bounds. */
  async function fetchPage(access: ProcoreAccess, url: URL): Promise<{ body: unknown; headers: Headers }> {
    for (let attempt = 0; ; attempt += 1) {
      const res = await fetchOnce(access, url);
      if (res.ok) return { body: parseProcoreJson(await res.text()), headers: res.headers };
      await res.arrayBuffer().catch(() => undefined);
      if (res.status !== 429 && res.status !== 503) throw failure(res.status, url.pathname);
      const wait = waitFor(res.headers, Date.now());
      if (attempt >= maxRetries || wait > maxWaitMs) {
        throw res.status === 429
          ? new ProcoreApiError('Procore is limiting how often KAI may ask; try again in a little while', 'rate_limited', 429)
          : new ProcoreApiError('Procore is busy right now; try again in a little while', 'unavailable', 503);
      }
      await sleep(wait);
    }
  }

  async function cached<T>(access: ProcoreAccess, url: URL, load: () => Promise<T>): Promise<T> {
    const key = `${access.cacheScope}|${access.companyId ?? ''}|${url.toString()}`;
    const hit = cache.get(key);
    if (hit) return hit.value as T;
    const value = await load();
    cache.set(key, { value });
    return value;
  }

  return {
    /** One object (or a list Procore does not paginate). */
    get<T = unknown>(access: ProcoreAccess, path: string, query: Record<string, string> = {}): Promise<T> {
      const url = urlFor(path, query);
      return cached(access, url, async () => (await fetchPage(access, url)).body as T);
    },

    /** Every page of a list, following `Link: rel="next"`, up to the page cap. */
    list<T = unknown>(access: ProcoreAccess, path: string, query: Record<string, string> = {}): Promise<T[]> {
      const first = urlFor(path, { ...query, page: '1', per_page: String(perPage) });
      return cached(access, first, async () => {
        const items: T[] = [];
        let url: URL | undefined = first;
        for (let page = 1; url && page <= maxPages; page += 1) {
          const { body, headers } = await fetchPage(access, url);
          if (!Array.isArray(body)) throw new ProcoreApiError(`Procore's answer for ${url.pathname} was not a list`, 'failed');
          items.push(...(body as T[]));
          url = nextPage(url, headers, items.length, body.length, apiOrigin);
        }
        return items;
      });
    },

    /** Drops a user's cached answers (after disconnecting or switching company). */
    forget(cacheScope: string): void {
      for (const key of [...cache.keys()]) if (key.startsWith(`${cacheScope}|`)) cache.delete(key);
    },
  };
}

export type ProcoreApi = ReturnType<typeof createProcoreApi>;

/** Procore's web app for an API host: production's app.procore.com; the sandbox (and a fake) serve both on one host. */
export function procoreWebUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  return url.hostname === 'api.procore.com' ? 'https://app.procore.com' : url.origin;
}

function failure(status: number, path: string): ProcoreApiError {
  const kind: ProcoreApiErrorKind =
    status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 404 ? 'not_found' : status >= 500 ? 'unavailable' : 'failed';
  return new ProcoreApiError(`Procore answered ${status} for ${path}`, kind, status);
}

/** Milliseconds to wait: Retry-After (seconds or a date), else X-Rate-Limit-Reset (Unix seconds). */
export function waitFor(headers: Headers, now: number): number {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = headers.get('x-rate-limit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - now);
  return DEFAULT_WAIT_MS;
}

/**
 * The next page's URL: the Link header's rel="next" when it stays on Procore's API host (the
 * bearer token never goes anywhere else), else the next page number while `Total` says more.
 */
function nextPage(current: URL, headers: Headers, collected: number, pageLength: number, apiOrigin: string): URL | undefined {
  const link = headers.get('link');
  if (link) {
    const next = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(link);
    if (!next) return undefined;
    const url = new URL(next[1], current);
    return url.origin === apiOrigin ? url : undefined;
  }
  const total = Number(headers.get('total'));
  if (!Number.isFinite(total) || collected >= total || pageLength === 0) return undefined;
  const url = new URL(current);
  url.searchParams.set('page', String(Number(url.searchParams.get('page') ?? '1') + 1));
  return url;
}
