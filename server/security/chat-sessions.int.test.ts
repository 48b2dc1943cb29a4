import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases';
import { FakeIssuer } from '../test/fake-issuer';

const AUDIENCE = 'https://kai.example.com/api';
const ROUNDS = 20;

/**
 * Issue 27, finding 8: one user's parallel creates (new chats, first questions) each get a session
 * with its own number. The old allocation retried five times and then answered 500, which 15
 * parallel creates reached on PostgreSQL.
 */
describe.each(databaseKinds)('chat session numbers under parallel creates (%s)', { timeout: 180_000 }, (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await issuer?.stop();
  });

  const auth = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE })}` });
  const sessionNumbers = async (headers: { authorization: string }) =>
    ((await app.inject({ url: '/api/chat/sessions', headers })).json() as Array<{ id: number }>).map((s) => s.id).sort((a, b) => a - b);

  it(`gives 15 parallel new chats of one user 15 numbers (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const headers = await auth(`creator-${round}`);
      const created = await Promise.all(
        Array.from({ length: 15 }, () => app.inject({ method: 'POST', url: '/api/chat/sessions', headers, payload: {} })),
      );
      expect(
        created.map((r) => r.statusCode),
        created.find((r) => r.statusCode !== 201)?.body,
      ).toEqual(Array(15).fill(201));
      const numbers = created.map((r) => (r.json() as { id: number }).id).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      expect(await sessionNumbers(headers)).toEqual(numbers);
    }
  });

  it(`answers 12 parallel first questions of one user, each in a chat of its own (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const headers = await auth(`asker-${round}`);
      const answered = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          app.inject({ method: 'POST', url: '/api/chat', headers, payload: { message: `How is retainage released, take ${i}?` } }),
        ),
      );
      expect(
        answered.map((r) => r.statusCode),
        answered.find((r) => r.statusCode !== 200)?.body,
      ).toEqual(Array(12).fill(200));
      expect(await sessionNumbers(headers)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    }
  });

  it('returns the existing chat when a given number is created twice at once', async () => {
    const headers = await auth('twice');
    const answered = await Promise.all(
      Array.from({ length: 6 }, () => app.inject({ method: 'POST', url: '/api/chat', headers, payload: { message: 'Retainage?', sessionId: 1 } })),
    );
    expect(answered.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await sessionNumbers(headers)).toEqual([1]);
  });
});
