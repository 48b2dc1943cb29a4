/**
 * Web search through the configured provider: a self-hosted SearXNG (`GET /search?format=json`),
 * Brave Search (`GET /res/v1/web/search`, `X-Subscription-Token`) or Tavily (`POST /search`,
 * bearer key). The provider's own address is trusted configuration; the result URLs it returns
 * are not, and are only ever read through the safe fetcher. Errors never carry the API key.
 */
import type { WebSearchConfig } from '../integrations-config';
import { withDeadline, type Deadline } from './deadline';
import { plainText } from './html-text';

export interface WebSearchResult {
  title: string;
  url: string;
  snippet: string;
  /** ISO 8601, when the provider dates the page. */
  publishedAt?: string;
}

export interface WebSearchClient {
  search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<WebSearchResult[]>;
}

type WebSearchFailure = 'rate_limited' | 'refused' | 'unavailable' | 'timeout' | 'bad_response';

/** The provider failed; `message` is safe to show a user (no key, no URL). */
export class WebSearchError extends Error {
  constructor(
    message: string,
    readonly code: WebSearchFailure,
    /** When the provider said how long to wait (429 Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'WebSearchError';
  }
}

interface WebSearchOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const PROVIDER_NAMES: Record<WebSearchConfig['provider'], string> = { searxng: 'SearXNG', brave: 'Brave Search', tavily: 'Tavily' };
/** Brave takes at most 20 results a call and 400 characters of query; the others are asked the same. */
const MAX_RESULTS = 20;
const MAX_QUERY_CHARS = 400;

type Raw = Record<string, unknown>;

export function createWebSearchClient(config: WebSearchConfig, options: WebSearchOptions = {}): WebSearchClient {
  const timeoutMs = options.timeoutMs ?? 8000;
  const doFetch = options.fetch ?? fetch;
  const name = PROVIDER_NAMES[config.provider];

  const call = (request: { url: string; init: RequestInit }, signal?: AbortSignal) =>
    withDeadline(timeoutMs, signal, (deadline) => answerOf(request, deadline));

  async function answerOf(request: { url: string; init: RequestInit }, deadline: Deadline): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(request.url, { ...request.init, signal: deadline.signal });
    } catch (err) {
      if (deadline.expired) throw new WebSearchError(`${name} did not answer within ${timeoutMs / 1000} s`, 'timeout');
      const code = ((err as { cause?: { code?: string } }).cause?.code ?? '').replace(/[^A-Z_]/g, '');
      throw new WebSearchError(`${name} could not be reached${code ? ` (${code})` : ''}`, 'unavailable');
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw failureOf(config.provider, res);
    }
    try {
      return await res.json();
    } catch {
      throw new WebSearchError(`${name} answered something other than JSON`, 'bad_response');
    }
  }

  return {
    async search(query, { limit, signal }) {
      const count = Math.max(1, Math.min(limit, MAX_RESULTS));
      const q = shorten(query);
      const body = await call(requestFor(config, q, count), signal);
      return parseResults(config.provider, body).slice(0, count);
    },
  };
}

function requestFor(config: WebSearchConfig, query: string, count: number): { url: string; init: RequestInit } {
  const accept = { accept: 'application/json' };
  switch (config.provider) {
    case 'searxng':
      return { url: `${config.url}/search?${new URLSearchParams({ q: query, format: 'json' })}`, init: { headers: accept } };
    case 'brave':
      return {
        url: `${config.url}/res/v1/web/search?${new URLSearchParams({ q: query, count: String(count) })}`,
        init: { headers: { ...accept, 'x-subscription-token': config.apiKey } },
      };
    case 'tavily':
      return {
        url: `${config.url}/search`,
        init: {
          method: 'POST',
          headers: { ...accept, 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
          body: JSON.stringify({ query, max_results: count, search_depth: 'basic', include_answer: false }),
        },
      };
  }
}

function failureOf(provider: WebSearchConfig['provider'], res: Response): WebSearchError {
  const name = PROVIDER_NAMES[provider];
  if (res.status === 429) {
    const wait = retryAfter(res.headers);
    return new WebSearchError(`${name} is over its rate limit${wait ? `; retry in ${wait} s` : ''}`, 'rate_limited', wait);
  }
  if (provider === 'searxng' && res.status === 403) {
    return new WebSearchError('SearXNG refuses JSON results: an administrator must add `json` to `search.formats` in its settings.yml', 'refused');
  }
  if (res.status === 401 || res.status === 403) return new WebSearchError(`${name} refused the API key (HTTP ${res.status})`, 'refused');
  return new WebSearchError(`${name} answered HTTP ${res.status}`, 'unavailable');
}

/** Seconds to wait: Retry-After (seconds or a date), else Brave's X-RateLimit-Reset (the per-second window first). */
function retryAfter(headers: Headers): number | undefined {
  const header = headers.get('retry-after');
  if (header) {
    const seconds = /^\d+$/.test(header.trim()) ? Number(header) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  const reset = Number(headers.get('x-ratelimit-reset')?.split(',')[0]);
  return Number.isFinite(reset) && reset > 0 ? reset : undefined;
}

function parseResults(provider: WebSearchConfig['provider'], body: unknown): WebSearchResult[] {
  const root = (body ?? {}) as Raw;
  const list = provider === 'brave' ? ((root.web as Raw | undefined)?.results as unknown) : (root.results as unknown);
  if (list === undefined && provider === 'brave') return []; // Brave leaves `web` out when nothing matched
  if (!Array.isArray(list)) throw new WebSearchError(`${PROVIDER_NAMES[provider]} answered without a result list`, 'bad_response');
  return list.flatMap((item: Raw) => {
    const url = webUrl(item?.url);
    if (!url) return [];
    const snippet = provider === 'brave' ? item.description : item.content;
    const date = provider === 'searxng' ? item.publishedDate : provider === 'brave' ? item.page_age : item.published_date;
    const publishedAt = isoDate(date);
    return [{ title: plainText(text(item.title)) || url, url, snippet: plainText(text(snippet)), ...(publishedAt ? { publishedAt } : {}) }];
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Only http(s) links become sources: a `javascript:` or `data:` result is dropped. */
function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

/** A whole question may exceed what providers accept: cut at a word. */
function shorten(query: string): string {
  const oneLine = query.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= MAX_QUERY_CHARS) return oneLine;
  const cut = oneLine.slice(0, MAX_QUERY_CHARS);
  return cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : MAX_QUERY_CHARS);
}
