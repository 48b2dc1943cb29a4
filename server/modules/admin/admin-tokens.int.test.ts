import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@contract/tokens';
import type { BuiltinIdentityConfig } from '../../config';
import { buildTestApp, testConfig } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { mintAccessToken } from '../identity/access-token';

const ADMIN = 'boss@example.test';
const ENV = { KAI_ADMIN_EMAIL: ADMIN, KAI_ADMIN_PASSWORD: 'boss-password-for-tests' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds)("administrators list and revoke a user's API tokens (%s)", { timeout: 60_000 }, (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  const identity = testConfig(ENV).identity as BuiltinIdentityConfig;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, ENV));
    for (const email of ['tom@example.test', 'una@example.test', 'newbie@example.test']) {
      const added = await call(ADMIN, 'POST', '/api/admin/users', { email });
      ids.set(email, added.json().user.id);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const accessToken = async (email: string) => (await mintAccessToken(database.handle.db, identity, email, 600)).token;
  async function call(email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return app.inject({ method, url, payload, headers: bearer(await accessToken(email)) });
  }
  const createToken = async (email: string, name: string): Promise<CreatedApiToken> => {
    const res = await call(email, 'POST', '/api/tokens', { name, expiresInDays: 90 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const works = async (token: string) => (await app.inject({ method: 'GET', url: '/api/user/current', headers: bearer(token) })).statusCode === 200;
  const tokensUrl = (email: string) => `/api/admin/users/${ids.get(email)}/tokens`;

  it('lists name, dates and expiry, never the secret or its hash', async () => {
    const created = await createToken('tom@example.test', 'invoice sync');
    expect(await works(created.token)).toBe(true);

    const list = await call(ADMIN, 'GET', tokensUrl('tom@example.test'));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      { id: created.id, name: 'invoice sync', createdAt: created.createdAt, lastUsedAt: expect.any(String), expiresAt: created.expiresAt },
    ]);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(createHash('sha256').update(created.token).digest('hex'));
    // An account that never used the API owns no tokens; an unknown one is 404.
    expect((await call(ADMIN, 'GET', tokensUrl('newbie@example.test'))).json()).toEqual([]);
    expect((await call(ADMIN, 'GET', `/api/admin/users/${UNKNOWN_ID}/tokens`)).statusCode).toBe(404);
  });

  it('revokes one token, which stops working at once while the others keep working', async () => {
    const leaked = await createToken('una@example.test', 'leaked laptop');
    const kept = await createToken('una@example.test', 'backup job');

    const revoked = await call(ADMIN, 'DELETE', `${tokensUrl('una@example.test')}/${leaked.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect(await works(leaked.token)).toBe(false);
    expect(await works(kept.token)).toBe(true);
    expect((await call(ADMIN, 'GET', tokensUrl('una@example.test'))).json().map((t: { id: string }) => t.id)).toEqual([kept.id]);
    expect((await call(ADMIN, 'DELETE', `${tokensUrl('una@example.test')}/${leaked.id}`)).statusCode).toBe(404);
  });

  it("refuses to revoke a token through another account's id", async () => {
    const toms = await createToken('tom@example.test', 'nightly');
    const wrong = await call(ADMIN, 'DELETE', `${tokensUrl('una@example.test')}/${toms.id}`);
    expect(wrong.statusCode).toBe(404);
    expect(await works(toms.token)).toBe(true);
  });

  it('revokes all of a user’s tokens at once', async () => {
    const tokens = [await createToken('tom@example.test', 'a'), await createToken('tom@example.test', 'b')];
    const before = (await call(ADMIN, 'GET', tokensUrl('tom@example.test'))).json().length;
    const all = await call(ADMIN, 'DELETE', tokensUrl('tom@example.test'));
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ revoked: before });
    for (const { token } of tokens) expect(await works(token)).toBe(false);
    expect((await call(ADMIN, 'GET', tokensUrl('tom@example.test'))).json()).toEqual([]);
  });

  it('refuses non-administrators and API-token callers with 403, changing nothing', async () => {
    const target = await createToken('una@example.test', 'target');
    const adminsOwn = await createToken(ADMIN, 'admin script');
    const attempts = [
      ['GET', tokensUrl('una@example.test')],
      ['DELETE', tokensUrl('una@example.test')],
      ['DELETE', `${tokensUrl('una@example.test')}/${target.id}`],
    ] as const;
    for (const [method, url] of attempts) {
      const asUser = await call('tom@example.test', method, url);
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      const withApiToken = await app.inject({ method, url, headers: bearer(adminsOwn.token) });
      expect(withApiToken.statusCode, `${method} ${url}`).toBe(403);
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
    expect(await works(target.token)).toBe(true);
  });
});
