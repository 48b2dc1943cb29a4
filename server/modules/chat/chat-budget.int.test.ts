import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases';
import { FakeOpenAI } from '../../test/fake-openai';
import { startIssuerApp, type IssuerApp } from '../../test/issuer-app';

const BUDGET = 100;
/** What the fake model reports for each answer (50 prompt + 20 completion tokens). */
const ANSWER_TOKENS = 70;

describe.each(databaseKinds)('daily token budget under parallel chats (%s)', (kind) => {
  let model: FakeOpenAI;
  let kai: IssuerApp;

  beforeAll(async () => {
    model = await new FakeOpenAI().start();
    kai = await startIssuerApp(kind, {
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
      KAI_DAILY_TOKEN_BUDGET: String(BUDGET),
    });
  });
  afterAll(async () => {
    await kai.close();
    await model.stop();
  });

  const spentToday = async () => {
    const rows = await kai.database.handle.db.execute<{ tokens: number }>(sql`select coalesce(sum(tokens), 0)::int as tokens from usage_daily`);
    return Number(
      (rows as unknown as { rows?: Array<{ tokens: number }> }).rows?.[0]?.tokens ?? (rows as unknown as Array<{ tokens: number }>)[0]?.tokens,
    );
  };

  it('gives the reservation back when the chat is refused for another reason (an unknown session)', async () => {
    const res = await kai.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await kai.bearer('wanderer'),
      payload: { message: 'What is retainage?', source: 'structure', sessionId: 999 },
    });
    expect(res.statusCode).toBe(404);
    expect(await spentToday()).toBe(0);
  });

  it('reserves before answering: ten chats at once overshoot the budget by at most one answer', async () => {
    model.reply({ kind: 'text', chunks: ['Retainage is held back.'] });
    const headers = await kai.bearer('racer');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        kai.app.inject({ method: 'POST', url: '/api/chat', headers, payload: { message: 'What is retainage?', source: 'structure', sessionId: 1 } }),
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
