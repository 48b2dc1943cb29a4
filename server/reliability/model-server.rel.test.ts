import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent, SendChatResponse } from '@contract/chat';
import { readEvents } from '../modules/chat/testing/sse-client';
import { buildTestApp } from '../test/app';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { FakeIssuer } from '../test/fake-issuer';
import { FakeOpenAI } from '../test/fake-openai';

const AUDIENCE = 'https://kai.example.com/api';
const TIMEOUT_MS = 1_500;
const MAX_RETRIES = 2;
/** Past LLM_TIMEOUT_MS: the abort, closing the model's connection, storing the answer. */
const SLACK_MS = 1_000;

/**
 * A model server that refuses or hangs, as seen by a chat user: a bounded number of attempts, an
 * answer within LLM_TIMEOUT_MS, and a message that says what went wrong. (chat.int.test.ts
 * covers one 429 then success, and a 500 that keeps coming.)
 */
describe('chat when the model server fails or hangs', () => {
  let issuer: FakeIssuer;
  let model: FakeOpenAI;
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl = '';

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    model = await new FakeOpenAI().start();
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: AUDIENCE,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: String(MAX_RETRIES),
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
      KAI_DAILY_TOKEN_BUDGET: '0',
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await model?.stop();
    await issuer?.stop();
  });

  const auth = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE })}` });

  /** One question over SSE, as the web client asks it; the events and how long the answer took. */
  async function ask(sub: string): Promise<{ events: ChatStreamEvent[]; answer: SendChatResponse; ms: number }> {
    model.requests.length = 0;
    model.clientAbortedAt = undefined;
    const started = Date.now();
    const res = await fetch(`${baseUrl}/api/chat`, {
      method: 'POST',
      headers: { ...(await auth(sub)), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'How do I release retainage?', source: 'structure', sessionId: 1 }),
    });
    expect(res.status).toBe(200);
    const events = await readEvents(res);
    const last = events.at(-1);
    expect(last?.type).toBe('message');
    return { events, answer: last!.data as SendChatResponse, ms: Date.now() - started };
  }

  it.each([
    { status: 429, says: /busy \(429/ },
    { status: 500, says: /answered 500/ },
  ])('tries $status at most LLM_MAX_RETRIES more times, then says why', async ({ status, says }) => {
    model.reply({ kind: 'status', status, retryAfter: 0 });
    const { answer } = await ask(`refused-${status}`);
    expect(model.requests).toHaveLength(1 + MAX_RETRIES);
    expect(answer.message.content).toMatch(/couldn't get an answer from the language model/);
    expect(answer.message.content).toMatch(says);
    expect(answer.message.metadata?.error).toMatch(says);
  });

  it('gives up on a server that never answers after LLM_TIMEOUT_MS, says so, and closes the connection', async () => {
    model.reply({ kind: 'hang' });
    const { answer, ms } = await ask('hung-up');
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(answer.message.content).toMatch(/took too long to answer/);
    // The bound is for the whole answer: a timed-out call is not tried again.
    expect(model.requests).toHaveLength(1);
    await expect.poll(() => model.clientAbortedAt, { timeout: 1_000 }).toBeDefined();
  });

  it('gives up on a stream that goes quiet halfway after LLM_TIMEOUT_MS, and says so after what it streamed', async () => {
    model.reply({ kind: 'hang', afterText: 'Open Release Retainage and ' });
    const { events, answer, ms } = await ask('half-answer');
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    const tokens = events.filter((e) => e.type === 'token').map((e) => (e.data as { text: string }).text);
    expect(tokens.join('')).toContain('Open Release Retainage and ');
    expect(answer.message.content).toMatch(/took too long to answer/);
    await expect.poll(() => model.clientAbortedAt, { timeout: 1_000 }).toBeDefined();
  });

  it('does not wait out a Retry-After longer than the answer may take, and says the server is busy', async () => {
    model.reply({ kind: 'status', status: 429, retryAfter: 30 });
    const { answer, ms } = await ask('told-to-wait');
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(model.requests).toHaveLength(1);
    // The server was reached and said it was busy: that is the reason, not "could not be reached".
    expect(answer.message.content).toMatch(/busy \(429/);
  });
});
