import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_SEARCH_RESULTS, FakeSearchServers } from '../test/fake-search-servers';
import { freePort } from '../test/free-port';
import { WebSearchError, createWebSearchClient } from './web-search';

describe('web search adapter', () => {
  let fake: FakeSearchServers;
  const searxng = () => createWebSearchClient({ provider: 'searxng', url: fake.baseUrl, readPages: false });
  const brave = (apiKey = fake.braveKey) => createWebSearchClient({ provider: 'brave', url: fake.baseUrl, apiKey, readPages: false });
  const tavily = (apiKey = fake.tavilyKey) => createWebSearchClient({ provider: 'tavily', url: fake.baseUrl, apiKey, readPages: false });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (err: unknown) => err as WebSearchError,
    );

  beforeAll(async () => {
    fake = await new FakeSearchServers().start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  const expected = FAKE_SEARCH_RESULTS.map((r) => ({ url: r.url, snippet: r.content }));

  it('asks SearXNG for JSON and normalises its results (highlight tags stripped, dates as ISO)', async () => {
    const results = await searxng().search('prompt payment act interest rates', { limit: 5 });
    expect(results.map(({ url, snippet }) => ({ url, snippet }))).toEqual(expected);
    expect(results[0].publishedAt).toBe('2024-03-12T00:00:00.000Z');
    expect(results[2].title).toBe('How AIA G702 pay applications show retainage');
    const sent = fake.requests.at(-1)!;
    expect(sent.provider).toBe('searxng');
    expect(Object.fromEntries(sent.query)).toEqual({ q: 'prompt payment act interest rates', format: 'json' });
  });

  it('says how to enable JSON when SearXNG answers 403', async () => {
    fake.searxngJsonDisabled = true;
    try {
      const err = await failure(searxng().search('retainage', { limit: 5 }));
      expect(err).toBeInstanceOf(WebSearchError);
      expect(err?.code).toBe('refused');
      expect(err?.message).toMatch(/`json`.*`search\.formats`/);
    } finally {
      fake.searxngJsonDisabled = false;
    }
  });

  it('sends Brave its subscription token and count, and reads web.results', async () => {
    const results = await brave().search('retainage release checklist', { limit: 2 });
    expect(results.map(({ url, snippet }) => ({ url, snippet }))).toEqual(expected.slice(0, 2));
    const sent = fake.requests.at(-1)!;
    expect(sent.headers['x-subscription-token']).toBe(fake.braveKey);
    expect(Object.fromEntries(sent.query)).toEqual({ q: 'retainage release checklist', count: '2' });
  });

  it('posts Tavily its query with a bearer key', async () => {
    const results = await tavily().search('G702 retainage line', { limit: 3 });
    expect(results.map(({ url }) => url)).toEqual(expected.map((r) => r.url));
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${fake.tavilyKey}`);
    expect(sent.body).toEqual({ query: 'G702 retainage line', max_results: 3, search_depth: 'basic', include_answer: false });
  });

  it('turns 429 into a rate-limit error with the wait the provider asked for', async () => {
    fake.rateLimited = true;
    try {
      const fromBrave = await failure(brave().search('retainage', { limit: 5 }));
      expect(fromBrave).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 1 });
      const fromTavily = await failure(tavily().search('retainage', { limit: 5 }));
      expect(fromTavily).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 30 });
      expect(fromTavily?.message).toMatch(/retry in 30 s/);
    } finally {
      fake.rateLimited = false;
    }
  });

  it('reports a refused key without repeating it', async () => {
    const wrongKey = 'BSA-wrong-key-that-must-not-leak';
    const err = await failure(brave(wrongKey).search('retainage', { limit: 5 }));
    expect(err?.code).toBe('refused');
    expect(err?.message).toContain('HTTP 401');
    expect(JSON.stringify({ message: err?.message, stack: err?.stack })).not.toContain(wrongKey);
  });

  it('reports a server error, an unreachable provider and a silent one', async () => {
    fake.failWith = 502;
    try {
      expect(await failure(tavily().search('retainage', { limit: 5 }))).toMatchObject({ code: 'unavailable', message: 'Tavily answered HTTP 502' });
    } finally {
      fake.failWith = undefined;
    }
    const closed = createWebSearchClient({ provider: 'searxng', url: `http://127.0.0.1:${await freePort()}`, readPages: false });
    expect(await failure(closed.search('retainage', { limit: 5 }))).toMatchObject({
      code: 'unavailable',
      message: 'SearXNG could not be reached (ECONNREFUSED)',
    });

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const slow = createWebSearchClient({ provider: 'searxng', url, readPages: false }, { timeoutMs: 200 });
      expect(await failure(slow.search('retainage', { limit: 5 }))).toMatchObject({ code: 'timeout' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('drops results that are not http(s) links and fails plainly on a malformed answer', async () => {
    fake.results = [
      { title: 'Click me', url: 'javascript:alert(document.cookie)', content: 'x' },
      { title: 'Inline', url: 'data:text/html,<script>1</script>', content: 'x' },
      FAKE_SEARCH_RESULTS[0],
    ];
    try {
      expect((await searxng().search('prompt payment', { limit: 5 })).map((r) => r.url)).toEqual([FAKE_SEARCH_RESULTS[0].url]);
    } finally {
      fake.results = FAKE_SEARCH_RESULTS;
    }
    const notJson = createWebSearchClient(
      { provider: 'searxng', url: 'http://searx.invalid', readPages: false },
      { fetch: async () => new Response('<html>maintenance</html>', { status: 200 }) },
    );
    expect(await failure(notJson.search('retainage', { limit: 5 }))).toMatchObject({ code: 'bad_response' });
  });
});
