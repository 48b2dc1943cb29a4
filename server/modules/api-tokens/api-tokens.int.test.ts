import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@contract/tokens';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';

const AUDIENCE = 'https://kai.example.com/api';

describe.each(databaseKinds)('personal API tokens (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let built: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    built = await buildTestApp(database.handle, { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa-client', OIDC_AUDIENCE: AUDIENCE });
  });
  afterAll(async () => {
    await built.app.close();
    await database.dispose();
    await issuer.stop();
  });

  const signedIn = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE })}` });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const create = async (sub: string, name = 'nightly script', expiresInDays = 30): Promise<CreatedApiToken> => {
    const res = await built.app.inject({ method: 'POST', url: '/api/tokens', headers: await signedIn(sub), payload: { name, expiresInDays } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const whoAmI = (token: string) => built.app.inject({ method: 'GET', url: '/api/user/current', headers: bearer(token) });

  it('creates a token shown once, lists it without the secret, and accepts it as a bearer token', async () => {
    const created = await create('auth0|tina', 'invoice sync', 7);
    expect(created.token).toMatch(/^kai_pat_[A-Za-z0-9_-]{43}$/);
    expect(new Date(created.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const me = await whoAmI(created.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ auth0Id: 'auth0|tina', role: 'user' });
    const sessions = await built.app.inject({ method: 'GET', url: '/api/chat/sessions', headers: bearer(created.token) });
    expect(sessions.statusCode).toBe(200);

    const list = await built.app.inject({ method: 'GET', url: '/api/tokens', headers: await signedIn('auth0|tina') });
    expect(list.json()).toEqual([
      { id: created.id, name: 'invoice sync', createdAt: created.createdAt, lastUsedAt: expect.any(String), expiresAt: created.expiresAt },
    ]);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(createHash('sha256').update(created.token).digest('hex'));
  });

  it('stops a token at once when it is revoked', async () => {
    const created = await create('auth0|rita');
    expect((await whoAmI(created.token)).statusCode).toBe(200);
    const revoked = await built.app.inject({ method: 'DELETE', url: `/api/tokens/${created.id}`, headers: await signedIn('auth0|rita') });
    expect(revoked.statusCode).toBe(204);
    const after = await whoAmI(created.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('invalid_token');
    const list = await built.app.inject({ method: 'GET', url: '/api/tokens', headers: await signedIn('auth0|rita') });
    expect(list.json()).toEqual([]);
  });

  it("answers 404 to revoking another user's token, which keeps working", async () => {
    const created = await create('auth0|owner');
    const other = await built.app.inject({ method: 'DELETE', url: `/api/tokens/${created.id}`, headers: await signedIn('auth0|intruder') });
    expect(other.statusCode).toBe(404);
    expect((await whoAmI(created.token)).statusCode).toBe(200);
    const list = await built.app.inject({ method: 'GET', url: '/api/tokens', headers: await signedIn('auth0|intruder') });
    expect(list.json()).toEqual([]);
  });

  it("stops a disabled user's token at once, and lets it work again when re-enabled", async () => {
    const created = await create('auth0|dora');
    expect((await whoAmI(created.token)).statusCode).toBe(200);
    await built.services.users.setDisabled(issuer.issuer, 'auth0|dora', true);
    const disabled = await whoAmI(created.token);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().error.code).toBe('account_disabled');
    await built.services.users.setDisabled(issuer.issuer, 'auth0|dora', false);
    expect((await whoAmI(created.token)).statusCode).toBe(200);
  });

  it('refuses an expired token, an unknown one and a malformed one', async () => {
    const created = await create('auth0|eve');
    await database.handle.db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${created.id}`);
    expect((await whoAmI(created.token)).statusCode).toBe(401);
    expect((await whoAmI(`kai_pat_${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await whoAmI('kai_pat_')).statusCode).toBe(401);
  });

  it('validates the name and the expiry, at most 365 days', async () => {
    const headers = await signedIn('auth0|val');
    for (const payload of [{ name: '', expiresInDays: 30 }, { name: 'x', expiresInDays: 366 }, { name: 'x', expiresInDays: 0 }, { name: 'x' }]) {
      const res = await built.app.inject({ method: 'POST', url: '/api/tokens', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('does not let a token manage tokens (a leaked one cannot mint more)', async () => {
    const created = await create('auth0|mint');
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: bearer(created.token),
      payload: { name: 'more', expiresInDays: 365 },
    });
    expect(res.statusCode).toBe(403);
    expect((await built.app.inject({ method: 'GET', url: '/api/tokens', headers: bearer(created.token) })).statusCode).toBe(403);
  });

  it('keeps secrets and hashes out of the log', async () => {
    const created = await create('auth0|logged');
    await whoAmI(created.token);
    const log = built.logText();
    expect(log).not.toContain(created.token);
    expect(log).not.toContain(createHash('sha256').update(created.token).digest('hex'));
  });
});
