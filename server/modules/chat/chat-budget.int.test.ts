import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { FakeOpenAI } from '../../test/fake-openai';

const AUDIENCE = 'https://kai.example.com/api';
const BUDGET = 100;
/** What the fake model reports for each answer (50 prompt + 20 completion tokens). */
const ANSWER_TOKENS = 70;

describe.each(databaseKinds)('daily token budget under parallel chats (%s)', (kind) => {
  let issuer: FakeIssuer;
  let model: FakeOpenAI;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    model = await new FakeOpenAI().start();
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: AUDIENCE,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
      KAI_DAILY_TOKEN_BUDGET: String(BUDGET),
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await model.stop();
    await issuer.stop();
  });

  const spentToday = async () => {
    const rows = await database.handle.db.execute<{ tokens: number }>(sql`select coalesce(sum(tokens), 0)::int as tokens from usage_daily`);
    return Number((rows as unknown as { rows?: Array<{ tokens: number }> }).rows?.[0]?.tokens ?? (rows as unknown as Array<{ tokens: number }>)[0]?.tokens);
  };

  it('reserves before answering: ten chats at once overshoot the budget by at most one answer', async () => {
    model.reply({ kind: 'text', chunks: ['Retainage is held back.'] });
    const token = await issuer.sign({ sub: 'racer', aud: AUDIENCE });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'POST', url: '/api/chat', headers: { authorization: `Bearer ${token}` }, payload: { message: 'What is retainage?', source: 'structure', sessionId: 1 } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses).toContain(200);
    for (const res of responses.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('daily_budget_exhausted');
    }
    // Every reservation is settled to what the answers really cost.
    const answered = statuses.filter((s) => s === 200).length;
    expect(await spentToday()).toBe(answered * ANSWER_TOKENS);
    expect(await spentToday()).toBeLessThanOrEqual(BUDGET + ANSWER_TOKENS);
  });
});
