import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { startIssuerApp, TEST_AUDIENCE, type IssuerApp } from '../test/issuer-app';

/**
 * Two KAI apps on one PostgreSQL stand for two processes or instances: each keeps its own memory,
 * so only counters in the database make the per-user limit hold across them.
 */
describe.runIf(process.env.DATABASE_URL)('rate limits shared by the processes on one PostgreSQL', () => {
  let first: IssuerApp;
  let second: IssuerApp['app'];

  beforeAll(async () => {
    const env = { KAI_CHAT_RATE_LIMIT: '2' };
    first = await startIssuerApp('postgres', env);
    second = (
      await buildTestApp(first.database.handle, { OIDC_ISSUER: first.issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: TEST_AUDIENCE, ...env })
    ).app;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const chat = async (app: IssuerApp['app'], sub: string) =>
    app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await first.bearer(sub),
      payload: { message: 'What is retainage?', source: 'structure' },
    });

  it("counts a user's requests on every process against one limit, and each user apart", async () => {
    expect((await chat(first.app, 'clerk-shared')).statusCode).toBe(200);
    expect((await chat(second, 'clerk-shared')).statusCode).toBe(200);
    const limited = await chat(first.app, 'clerk-shared');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await chat(second, 'clerk-shared')).statusCode).toBe(429);
    expect((await chat(second, 'clerk-other')).statusCode).toBe(200);
  });

  it('keeps the limits of different routes apart', async () => {
    const tip = await second.inject({
      method: 'POST',
      url: '/api/help/tip',
      headers: await first.bearer('clerk-shared'),
      payload: { context: 'Chat input bar', element: 'Microphone button' },
    });
    expect(tip.statusCode).toBe(200);
  });
});
