import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HelpArticle } from '@contract/help';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { FakeOpenAI } from '../../test/fake-openai';

const AUDIENCE = 'https://kai.example.com/api';

describe('help', () => {
  let issuer: FakeIssuer;
  let model: FakeOpenAI;
  let database: TestDatabase;
  let withModel: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let withoutModel: Awaited<ReturnType<typeof buildTestApp>>['app'];

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    model = await new FakeOpenAI().start();
    database = await createTestDatabase('pglite');
    const identity = { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE, KAI_CHAT_RATE_LIMIT: '5' };
    ({ app: withoutModel } = await buildTestApp(database.handle, identity));
    ({ app: withModel } = await buildTestApp(database.handle, {
      ...identity,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
      LLM_TIMEOUT_MS: '10000',
    }));
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
  const tip = async (app: typeof withModel, sub: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/help/tip', headers: await auth(sub), payload });

  it('lists the built-in help articles to a signed-in user only', async () => {
    expect((await withoutModel.inject({ url: '/api/help/articles' })).statusCode).toBe(401);
    const res = await withoutModel.inject({ url: '/api/help/articles', headers: await auth('reader') });
    expect(res.statusCode).toBe(200);
    const articles = res.json() as HelpArticle[];
    expect(articles.map((a) => a.id).sort()).toEqual([
      'chat-basics',
      'context-and-tools-panel',
      'file-upload-overview',
      'getting-started',
      'invoice-processing-features',
      'voice-features',
    ]);
    const invoices = articles.find((a) => a.id === 'invoice-processing-features');
    expect(invoices).toMatchObject({ title: 'Invoice Processing Features', category: 'invoice', type: 'static' });
    expect(invoices?.content).toContain('up to 10 invoices per batch');
  });

  it('without a model, answers with the most relevant help passage, shortened', async () => {
    const res = await tip(withoutModel, 'tipper-1', { context: 'chat input bar', element: 'microphone button' });
    expect(res.statusCode).toBe(200);
    const text = (res.json() as { tip: string }).tip;
    expect(text).toMatch(/microphone/i);
    expect(text.length).toBeLessThanOrEqual(400);
    expect(text).not.toMatch(/[#*`]/);
  });

  it('refuses an empty or overlong request', async () => {
    expect((await tip(withoutModel, 'tipper-2', { context: '', element: 'x' })).statusCode).toBe(400);
    expect((await tip(withoutModel, 'tipper-2', { context: 'x'.repeat(201), element: 'x' })).statusCode).toBe(400);
  });

  it('with a model, has it write the tip from the help articles and caches it per context and element', async () => {
    model.reply({ kind: 'text', chunks: ['Choose the microphone to ask by voice.'] });
    const first = await tip(withModel, 'tipper-3', { context: 'Chat input', element: 'Voice input' });
    expect(first.json()).toEqual({ tip: 'Choose the microphone to ask by voice.' });
    expect(model.requests).toHaveLength(1);
    expect(JSON.stringify(model.requests[0].body.messages)).toContain('Ctrl+Shift+Space');

    const again = await tip(withModel, 'tipper-4', { context: 'chat input', element: 'voice input' });
    expect(again.json()).toEqual({ tip: 'Choose the microphone to ask by voice.' });
    expect(model.requests).toHaveLength(1);
  });

  it('falls back to the help passage when the model fails', async () => {
    model.reply({ kind: 'status', status: 500, message: 'down' });
    const res = await tip(withModel, 'tipper-5', { context: 'sidebar', element: 'upload purpose drop zone' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { tip: string }).tip).toMatch(/drop|upload/i);
  });

  it('limits tips per user and minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await tip(withoutModel, 'busy-user', { context: 'header', element: `help ${i}` })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    expect((await tip(withoutModel, 'other-user', { context: 'header', element: 'help' })).statusCode).toBe(200);
  });
});
