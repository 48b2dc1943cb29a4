import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SendChatResponse } from '@contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { FAKE_SEARCH_RESULTS, FakeSearchServers } from '../../test/fake-search-servers';

const AUDIENCE = 'https://kai.example.com/api';
type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe.each(databaseKinds)('chat with the web search source (%s)', (kind) => {
  let issuer: FakeIssuer;
  let search: FakeSearchServers;
  let database: TestDatabase;
  let apps: Record<'searxng' | 'brave' | 'tavily' | 'none', TestApp>;
  /** A page on 127.0.0.1 that a search result points at: the safe fetcher must never reach it. */
  let internalPage: Server;
  const internalRequests: IncomingMessage[] = [];
  const replies: string[] = [];

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    search = await new FakeSearchServers().start();
    internalPage = createServer((req, res) => {
      internalRequests.push(req);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>internal billing dashboard: prompt payment interest owed</p>');
    });
    await new Promise<void>((resolve) => internalPage.listen(0, '127.0.0.1', resolve));
    database = await createTestDatabase(kind);
    const identity = { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE };
    apps = {
      searxng: await buildTestApp(database.handle, {
        ...identity,
        WEB_SEARCH_PROVIDER: 'searxng',
        SEARXNG_URL: search.baseUrl,
        WEB_SEARCH_READ_PAGES: '1',
      }),
      brave: await buildTestApp(database.handle, {
        ...identity,
        WEB_SEARCH_PROVIDER: 'brave',
        BRAVE_API_URL: search.baseUrl,
        BRAVE_API_KEY: search.braveKey,
      }),
      tavily: await buildTestApp(database.handle, {
        ...identity,
        WEB_SEARCH_PROVIDER: 'tavily',
        TAVILY_API_URL: search.baseUrl,
        TAVILY_API_KEY: search.tavilyKey,
      }),
      none: await buildTestApp(database.handle, identity),
    };
  });
  afterAll(async () => {
    for (const app of Object.values(apps ?? {})) await app.app.close();
    await database?.dispose();
    await new Promise((resolve) => internalPage?.close(resolve));
    await search?.stop();
    await issuer?.stop();
  });

  const ask = async (app: TestApp, sub: string, message: string) => {
    const token = await issuer.sign({ sub, aud: AUDIENCE, email: `${sub}@example.com` });
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { authorization: `Bearer ${token}` },
      payload: { message, source: 'web' },
    });
    replies.push(res.body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SendChatResponse).message;
  };

  it.each(['searxng', 'brave', 'tavily'] as const)('answers without a model from %s, citing the results as web sources', async (provider) => {
    const before = search.requests.length;
    const message = await ask(apps[provider], `clerk-${provider}`, 'What interest does the prompt payment act charge on late payments?');
    expect(search.requests.slice(before).map((r) => r.provider)).toEqual([provider]);
    const sources = message.metadata?.sources ?? [];
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((s) => s.type === 'web')).toBe(true);
    expect(sources.map((s) => s.url)).toContain(FAKE_SEARCH_RESULTS[0].url);
    expect(message.content).toContain('1.5% a month');
    expect(message.metadata?.error).toBeUndefined();
  });

  it('reads no result page on a private address, and still answers from the snippets', async () => {
    const port = (internalPage.address() as AddressInfo).port;
    search.results = [
      {
        title: 'Prompt payment interest calculator',
        url: `http://127.0.0.1:${port}/prompt-payment`,
        content: 'Prompt payment interest is 1.5% a month on late invoices.',
      },
      {
        title: 'Prompt payment FAQ',
        url: `http://[::ffff:127.0.0.1]:${port}/faq`,
        content: 'The prompt payment act sets interest for late payment.',
      },
      { title: 'Metadata', url: 'http://169.254.169.254/latest/meta-data/', content: 'Prompt payment interest tables.' },
    ];
    try {
      const message = await ask(apps.searxng, 'clerk-pages', 'What is the prompt payment interest rate?');
      expect(internalRequests).toHaveLength(0);
      expect(message.metadata?.sources?.map((s) => s.url)).toContain(`http://127.0.0.1:${port}/prompt-payment`);
      expect(message.content).toContain('1.5% a month on late invoices');
      expect(message.content).not.toContain('internal billing dashboard');
    } finally {
      search.results = FAKE_SEARCH_RESULTS;
    }
  });

  it('answers with a readable message, not an error status, when the provider fails', async () => {
    search.rateLimited = true;
    try {
      const limited = await ask(apps.brave, 'clerk-limited', 'retainage release checklist');
      expect(limited.content).toBe(
        'Web search is not answering right now (Brave Search is over its rate limit; retry in 1 s). Try again in a minute, or choose another source.',
      );
      expect(limited.metadata).toMatchObject({ error: 'source_unavailable', sources: [] });
    } finally {
      search.rateLimited = false;
    }
    search.failWith = 500;
    try {
      expect((await ask(apps.tavily, 'clerk-down', 'retainage release checklist')).content).toMatch(
        /^Web search is not answering right now \(Tavily answered HTTP 500\)/,
      );
    } finally {
      search.failWith = undefined;
    }
    search.searxngJsonDisabled = true;
    try {
      expect((await ask(apps.searxng, 'clerk-json', 'retainage release checklist')).content).toMatch(/add `json` to `search\.formats`/);
    } finally {
      search.searxngJsonDisabled = false;
    }
  });

  it('says plainly when no provider is configured', async () => {
    const message = await ask(apps.none, 'clerk-none', 'prompt payment act interest');
    expect(message.content).toMatch(/^Web search is not set up on this KAI server yet/);
    expect(message.metadata?.error).toBe('source_unavailable');
  });

  it('never puts a provider key in a log line or a response', () => {
    const logs = Object.values(apps)
      .map((app) => app.logText())
      .join('\n');
    expect(logs).toContain('web search failed');
    for (const key of [search.braveKey, search.tavilyKey]) {
      expect(logs).not.toContain(key);
      expect(replies.join('\n')).not.toContain(key);
    }
  });
});
