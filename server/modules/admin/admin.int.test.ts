import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltinIdentityConfig } from '../../config';
import { runUsersCommand } from '../../cli/users.commands';
import { buildTestApp, testConfig } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { mintAccessToken } from '../identity/access-token';

const ENV = { KAI_ADMIN_EMAIL: 'boss@example.test', KAI_ADMIN_PASSWORD: 'boss-password-for-tests' };

describe.each(databaseKinds)('administration API, built-in provider (%s)', { timeout: 60_000 }, (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  const identity = testConfig(ENV).identity as BuiltinIdentityConfig;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, ENV));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const tokenOf = async (email: string) => (await mintAccessToken(database.handle.db, identity, email, 600)).token;
  const call = async (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${await tokenOf(email)}` } });
  const idOf = async (email: string): Promise<string> => {
    const list = await call('boss@example.test', 'GET', '/api/admin/users');
    return list.json().users.find((u: { email: string }) => u.email === email).id;
  };
  const cli = async (...argv: string[]) => {
    let stderr = '';
    const io = { stdout: () => {}, stderr: (t: string) => (stderr += t) };
    await runUsersCommand({ command: argv[0], positionals: argv.slice(1), options: {} }, { database: database.handle, identity, io }).catch(
      (err: Error) => (stderr += err.message),
    );
    return stderr;
  };

  it('adds a user with a one-time password shown once, and lists them', async () => {
    const added = await call('boss@example.test', 'POST', '/api/admin/users', { email: 'Ana@Example.test', name: 'Ana Lopez' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ user: { email: 'ana@example.test', name: 'Ana Lopez', role: 'user', status: 'active' } });
    expect(added.json().oneTimePassword).toHaveLength(24);

    const list = await call('boss@example.test', 'GET', '/api/admin/users');
    expect(list.statusCode).toBe(200);
    expect(list.json().manageable).toBe(true);
    expect(list.json().users.map((u: { email: string }) => u.email)).toEqual(['boss@example.test', 'ana@example.test']);
    expect(list.body).not.toContain(added.json().oneTimePassword);
    expect(list.json().users[0].lastSeenAt).not.toBeNull();

    const again = await call('boss@example.test', 'POST', '/api/admin/users', { email: 'ana@example.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('account_exists');
  });

  it('adds a user with an invitation link instead, shown once', async () => {
    const added = await call('boss@example.test', 'POST', '/api/admin/users', { email: 'ivo@example.test', credential: 'invitation' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().oneTimePassword).toBeUndefined();
    expect(added.json().invitationLink).toMatch(/^http:\/\/127\.0\.0\.1:5999\/invite\/[\w-]{43}$/);
    expect((await call('boss@example.test', 'GET', '/api/admin/users')).body).not.toContain(added.json().invitationLink.split('/').at(-1));
    const bad = await call('boss@example.test', 'POST', '/api/admin/users', { email: 'x@example.test', credential: 'carrier-pigeon' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses non-administrators with 403 forbidden', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { email: 'x@example.test' }],
      ['POST', `/api/admin/users/${await idOf('boss@example.test')}/disable`],
      ['PUT', `/api/admin/users/${await idOf('ana@example.test')}/role`, { role: 'admin' }],
    ] as const) {
      const response = await call('ana@example.test', method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('resets a password, disables and enables', async () => {
    const ana = await idOf('ana@example.test');
    const reset = await call('boss@example.test', 'POST', `/api/admin/users/${ana}/reset-password`);
    expect(reset.json().oneTimePassword).toHaveLength(24);
    const disabled = await call('boss@example.test', 'POST', `/api/admin/users/${ana}/disable`);
    expect(disabled.json().user.status).toBe('disabled');
    await expect(tokenOf('ana@example.test')).rejects.toThrow('disabled');
    const enabled = await call('boss@example.test', 'POST', `/api/admin/users/${ana}/enable`);
    expect(enabled.json().user.status).toBe('active');
    expect((await call('boss@example.test', 'POST', '/api/admin/users/not-an-id/enable')).statusCode).toBe(404);
  });

  it('keeps the last active administrator, through the API and the CLI alike', async () => {
    const boss = await idOf('boss@example.test');
    const demote = await call('boss@example.test', 'PUT', `/api/admin/users/${boss}/role`, { role: 'user' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('last_admin');
    expect((await call('boss@example.test', 'POST', `/api/admin/users/${boss}/disable`)).json().error.code).toBe('last_admin');
    expect(await cli('disable', 'boss@example.test')).toContain('last active administrator');
    expect(await cli('remove-admin', 'boss@example.test')).toContain('last active administrator');
  });

  it('makes an administrator; a removed one loses the page at once', async () => {
    const ana = await idOf('ana@example.test');
    const promoted = await call('boss@example.test', 'PUT', `/api/admin/users/${ana}/role`, { role: 'admin' });
    expect(promoted.json().user.role).toBe('admin');
    const anaToken = await tokenOf('ana@example.test');
    expect((await call('ana@example.test', 'GET', '/api/admin/users')).statusCode).toBe(200);

    const boss = await idOf('boss@example.test');
    expect((await call('ana@example.test', 'PUT', `/api/admin/users/${boss}/role`, { role: 'user' })).json().user.role).toBe('user');
    // Boss's token still says admin; the account no longer does.
    expect((await call('boss@example.test', 'GET', '/api/admin/users')).statusCode).toBe(403);
    expect(await cli('remove-admin', 'ana@example.test')).toContain('last active administrator');
    const stillAdmin = await app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${anaToken}` } });
    expect(stillAdmin.statusCode).toBe(200);
  });
});

describe('administration API, external provider', () => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  const AUDIENCE = 'https://kai.example.com/api';

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: AUDIENCE,
      KAI_ADMIN_EMAILS: 'boss@example.com',
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await issuer.stop();
  });

  it('lists who signed in, and answers 409 to account changes', async () => {
    const headers = { authorization: `Bearer ${await issuer.sign({ sub: 'auth0|boss', aud: AUDIENCE, email: 'boss@example.com' })}` };
    const list = await app.inject({ method: 'GET', url: '/api/admin/users', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ manageable: false, users: [{ email: 'boss@example.com', role: 'admin' }] });
    const add = await app.inject({ method: 'POST', url: '/api/admin/users', headers, payload: { email: 'x@example.com' } });
    expect(add.statusCode).toBe(409);
    expect(add.json().error).toMatchObject({ code: 'external_identity_provider', message: expect.stringContaining('identity provider') });
    for (const action of ['reset-password', 'invite']) {
      const other = await app.inject({ method: 'POST', url: `/api/admin/users/${list.json().users[0].id}/${action}`, headers });
      expect(other.statusCode).toBe(409);
    }
  });
});
