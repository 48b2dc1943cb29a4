import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { createUsersRepository } from './users.repository';

const AUDIENCE = 'https://kai.example.com/api';

describe.each(databaseKinds)('user sync and current user (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let logText: () => string;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    ({ app, logText } = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa-client',
      OIDC_AUDIENCE: AUDIENCE,
      KAI_ADMIN_EMAILS: 'Boss@Example.com, other@example.com',
      KAI_BODY_LIMIT_BYTES: '4096',
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await issuer.stop();
  });

  const tokenFor = (sub: string) => issuer.sign({ sub, aud: AUDIENCE });
  const call = async (sub: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload: payload as string, headers: { authorization: `Bearer ${await tokenFor(sub)}`, ...headers } });

  it('syncs the name/picture variant and returns it from /api/user/current', async () => {
    const sync = await call('auth0|carol', 'POST', '/api/user/sync', {
      auth0Id: 'auth0|carol',
      email: 'Carol@Example.com',
      name: 'Carol Ann Diaz',
      picture: 'https://img.example.com/carol.png',
    });
    expect(sync.statusCode).toBe(200);
    const current = await call('auth0|carol', 'GET', '/api/user/current');
    expect(current.json()).toEqual({
      id: expect.any(String),
      auth0Id: 'auth0|carol',
      email: 'carol@example.com',
      firstName: 'Carol',
      lastName: 'Ann Diaz',
      imageUrl: 'https://img.example.com/carol.png',
      role: 'user',
      isDev: false,
    });
  });

  it('syncs the firstName/lastName/imageUrl variant', async () => {
    const sync = await call('auth0|dan', 'POST', '/api/user/sync', {
      auth0Id: 'auth0|dan',
      email: 'dan@example.com',
      firstName: 'Dan',
      lastName: 'Ortiz',
      imageUrl: '',
    });
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toMatchObject({ firstName: 'Dan', lastName: 'Ortiz', imageUrl: null });
  });

  it("makes admins of KAI_ADMIN_EMAILS, case-insensitively, from the token's email claim", async () => {
    const token = await issuer.sign({ sub: 'auth0|boss', aud: AUDIENCE, email: 'BOSS@example.com' });
    const sync = await app.inject({
      method: 'POST',
      url: '/api/user/sync',
      payload: { auth0Id: 'auth0|boss', name: 'The Boss' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sync.json()).toMatchObject({ role: 'admin', email: 'boss@example.com' });
  });

  it('never takes the role or the email from the sync body (privilege escalation)', async () => {
    const claim = { auth0Id: 'auth0|mallory', email: 'BOSS@example.com', name: 'Mallory' };
    const sync = await call('auth0|mallory', 'POST', '/api/user/sync', claim);
    expect(sync.statusCode).toBe(200);
    expect(sync.json().role).toBe('user');
    const current = await call('auth0|mallory', 'GET', '/api/user/current');
    expect(current.json().role).toBe('user');

    // With an email in the token, the token's email wins over the body's.
    const token = await issuer.sign({ sub: 'auth0|mallory2', aud: AUDIENCE, email: 'mallory@example.com' });
    const withClaim = await app.inject({
      method: 'POST',
      url: '/api/user/sync',
      payload: { ...claim, auth0Id: 'auth0|mallory2' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withClaim.json()).toMatchObject({ role: 'user', email: 'mallory@example.com' });
  });

  it('asks for sign-in before it reads the body: anonymous callers learn nothing of the schema', async () => {
    for (const [url, payload] of [
      ['/api/user/sync', {}],
      ['/api/chat', { message: '' }],
      ['/api/chat/sessions', { title: 42 }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code, url).toBe('missing_token');
    }
  });

  it('refuses to sync someone else', async () => {
    const res = await call('auth0|eve', 'POST', '/api/user/sync', { auth0Id: 'auth0|carol', email: 'eve@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('identity_mismatch');
  });

  it('keeps users of different issuers apart even with the same subject', async () => {
    const other = await new FakeIssuer().start();
    try {
      const foreign = await other.sign({ sub: 'auth0|carol', aud: AUDIENCE });
      const res = await app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${foreign}` } });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.stop();
    }
  });

  it('answers bad input with a clear 4xx in the error shape', async () => {
    const cases: Array<[number, string, Record<string, unknown>]> = [];
    const malformed = await call('auth0|frank', 'POST', '/api/user/sync', '{"auth0Id": ', { 'content-type': 'application/json' });
    cases.push([malformed.statusCode, 'malformed', malformed.json()]);
    const wrongType = await call('auth0|frank', 'POST', '/api/user/sync', 'auth0Id=x', { 'content-type': 'application/x-www-form-urlencoded' });
    cases.push([wrongType.statusCode, 'type', wrongType.json()]);
    const unknownField = await call('auth0|frank', 'POST', '/api/user/sync', { auth0Id: 'auth0|frank', isAdmin: true });
    cases.push([unknownField.statusCode, 'unknown', unknownField.json()]);
    const badEmail = await call('auth0|frank', 'POST', '/api/user/sync', { auth0Id: 'auth0|frank', email: 'not an email' });
    cases.push([badEmail.statusCode, 'email', badEmail.json()]);
    const huge = await call('auth0|frank', 'POST', '/api/user/sync', { auth0Id: 'auth0|frank', name: 'x'.repeat(10_000) });
    cases.push([huge.statusCode, 'huge', huge.json()]);
    const scriptImage = await call('auth0|frank', 'POST', '/api/user/sync', { auth0Id: 'auth0|frank', picture: 'javascript:alert(1)' });
    cases.push([scriptImage.statusCode, 'js-url', scriptImage.json()]);

    expect(cases.map(([status, name]) => [name, status])).toEqual([
      ['malformed', 400],
      ['type', 415],
      ['unknown', 400],
      ['email', 400],
      ['huge', 413],
      ['js-url', 400],
    ]);
    for (const [, , body] of cases) {
      expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    expect(cases[2][2]).toMatchObject({ error: { message: expect.stringContaining('isAdmin') } });
  });

  it('stops accepting a disabled user at once', async () => {
    expect((await call('auth0|gina', 'GET', '/api/user/current')).statusCode).toBe(200);
    await createUsersRepository(database.handle.db).setDisabled(issuer.issuer, 'auth0|gina', true);
    const res = await call('auth0|gina', 'GET', '/api/user/current');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('account_disabled');
  });

  it('never writes bearer tokens into the log', async () => {
    const token = await tokenFor('auth0|logged');
    await app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${token}` } });
    expect(logText()).toContain('/api/user/current');
    expect(logText()).not.toContain(token);
  });
});
