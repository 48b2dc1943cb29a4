/**
 * Fake web search providers on 127.0.0.1, speaking each one's wire format: SearXNG
 * (`GET /search?q=&format=json`, 403 unless JSON is enabled), Brave Search
 * (`GET /res/v1/web/search?q=&count=` with `X-Subscription-Token`, 429 when over the limit) and
 * Tavily (`POST /search` with a bearer key). One server answers all three; each test points its
 * provider's URL at it. Every request is recorded. The results are made up, on
 * `.example` hosts, which never resolve, so reading their pages never leaves the machine.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSearchResult {
  title: string;
  url: string;
  content: string;
  publishedDate?: string;
}

export interface RecordedSearchRequest {
  provider: 'searxng' | 'brave' | 'tavily' | 'unknown';
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export const FAKE_SEARCH_RESULTS: FakeSearchResult[] = [
  {
    title: 'Prompt payment act interest rates for subcontractors, explained',
    url: 'https://builders-ledger.example/articles/prompt-payment-interest',
    content:
      'Under the model prompt payment act, an owner who pays a contractor late owes interest of 1.5% a month on the unpaid amount, and the contractor must pass the same interest down to subcontractors within seven days.',
    publishedDate: '2024-03-12T00:00:00Z',
  },
  {
    title: 'Retainage release checklist for general contractors',
    url: 'https://jobcost-journal.example/retainage-release',
    content:
      'Release retainage only after the certificate of substantial completion, lien waivers from every tier and the punch list sign-off are on file.',
  },
  {
    title: 'How AIA G702 pay applications show <b>retainage</b>',
    url: 'https://payapp-notes.example/g702-retainage',
    content: 'Line 5 of the G702 totals the retainage held on completed work and on stored materials; line 6 is the total earned less retainage.',
  },
];

export class FakeSearchServers {
  braveKey = 'BSA-fake-brave-key-0001';
  tavilyKey = 'tvly-fake-tavily-key-0001';
  /** SearXNG's `search.formats` lacks json: it answers 403 to format=json. */
  searxngJsonDisabled = false;
  /** Brave and Tavily answer 429 (Brave with its rate-limit headers). */
  rateLimited = false;
  /** Every provider answers this status. */
  failWith: number | undefined;
  results: FakeSearchResult[] = FAKE_SEARCH_RESULTS;
  readonly requests: RecordedSearchRequest[] = [];
  private server: Server | undefined;

  get baseUrl(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake.invalid');
        const provider = providerOf(req.method ?? 'GET', url.pathname);
        let body: Record<string, unknown> = {};
        try {
          body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        } catch {
          body = { unparsed: raw };
        }
        this.requests.push({ provider, method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });
        const [status, payload, headers] = this.answer(provider, req, url.searchParams, body);
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(
    provider: RecordedSearchRequest['provider'],
    req: IncomingMessage,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): [number, unknown, Record<string, string>?] {
    if (provider === 'unknown') return [404, { error: 'not found' }];
    if (this.failWith) return [this.failWith, { error: 'upstream trouble' }];
    if (provider === 'searxng') {
      if (query.get('format') !== 'json' || this.searxngJsonDisabled) return [403, { error: 'Forbidden' }];
      const results = this.results.map((r, i) => ({ ...r, engine: 'fakeengine', score: 1 - i / 10, category: 'general' }));
      return [200, { query: query.get('q'), number_of_results: results.length, results, answers: [], suggestions: [], unresponsive_engines: [] }];
    }
    if (provider === 'brave') {
      if (req.headers['x-subscription-token'] !== this.braveKey)
        return [401, { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID' } }];
      if (this.rateLimited) return [429, { type: 'ErrorResponse', error: { code: 'RATE_LIMITED' } }, { 'x-ratelimit-reset': '1, 86400' }];
      const count = Number(query.get('count') ?? 20);
      const results = this.results.slice(0, count).map((r) => ({ title: r.title, url: r.url, description: r.content, page_age: r.publishedDate }));
      return [200, { type: 'search', query: { original: query.get('q') }, web: { type: 'search', results } }];
    }
    if (req.headers.authorization !== `Bearer ${this.tavilyKey}`) return [401, { detail: { error: 'Unauthorized: missing or invalid API key.' } }];
    if (this.rateLimited) return [429, { detail: { error: 'Rate limit exceeded' } }, { 'retry-after': '30' }];
    const max = Number(body.max_results ?? 5);
    const results = this.results.slice(0, max).map((r, i) => ({ title: r.title, url: r.url, content: r.content, score: 0.9 - i / 10 }));
    return [200, { query: body.query, answer: null, results, response_time: 0.42 }];
  }
}

function providerOf(method: string, path: string): RecordedSearchRequest['provider'] {
  if (method === 'GET' && path === '/search') return 'searxng';
  if (method === 'GET' && path === '/res/v1/web/search') return 'brave';
  if (method === 'POST' && path === '/search') return 'tavily';
  return 'unknown';
}
