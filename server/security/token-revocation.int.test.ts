import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '@contract/tokens';
import type { BuiltinIdentityConfig } from '../config';
import { runUsersCommand } from '../cli/users.commands';
import { mintAccessToken } from '../modules/identity/access-token';
import { buildTestApp, testConfig } from '../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases';

const ADMIN = 'boss@example.test';
const ENV = { KAI_ADMIN_EMAIL: ADMIN, KAI_ADMIN_PASSWORD: 'boss-password-for-tests' };

/**
 * Issue 27, finding 3: a password reset or a new invitation is how an account is recovered, so it
 * must end everything an intruder may have minted before it: personal API tokens and access tokens.
 */
describe.each(databaseKinds)('a password reset or invitation revokes earlier tokens (%s)', { timeout: 60_000 }, (kind) => {
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

  const accessToken = async (email: string) => (await mintAccessToken(database.handle.db, identity, email, 600)).token;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const whoAmI = (token: string) => app.inject({ method: 'GET', url: '/api/user/current', headers: bearer(token) });
  const asAdmin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: bearer(await accessToken(ADMIN)) });

  /** A user with a signed-in access token and a personal API token, both working. */
  const userWithTokens = async (email: string) => {
    const added = await asAdmin('POST', '/api/admin/users', { email });
    expect(added.statusCode, added.body).toBe(201);
    const id: string = added.json().user.id;
    // Past the one-time password: a password of their own, as after a first sign-in.
    await runUsersCommand(
      { command: 'reset-password', positionals: [email], options: { password: 'their-own-strong-password' } },
      { database: database.handle, identity, io: { stdout: () => {}, stderr: () => {} } },
    );
    const access = await accessToken(email);
    const created = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: bearer(access),
      payload: { name: 'script', expiresInDays: 365 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = (created.json() as CreatedApiToken).token;
    expect((await whoAmI(access)).statusCode).toBe(200);
    expect((await whoAmI(apiToken)).statusCode).toBe(200);
    return { id, access, apiToken };
  };

  const expectRefused = async (token: string, code: string) => {
    const res = await whoAmI(token);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error.code).toBe(code);
  };

  const recoveries: [string, (email: string, id: string) => Promise<void>][] = [
    [
      'the CLI resets the password',
      async (email) => {
        let stderr = '';
        const io = { stdout: () => {}, stderr: (text: string) => (stderr += text) };
        await runUsersCommand({ command: 'reset-password', positionals: [email], options: {} }, { database: database.handle, identity, io });
        expect(stderr).toBe('');
      },
    ],
    [
      'an administrator resets the password',
      async (_email, id) => expect((await asAdmin('POST', `/api/admin/users/${id}/reset-password`)).statusCode).toBe(200),
    ],
    [
      'an administrator sends a new invitation',
      async (_email, id) => expect((await asAdmin('POST', `/api/admin/users/${id}/invite`)).statusCode).toBe(200),
    ],
  ];

  it.each(recoveries)('refuses API and access tokens minted before %s', async (_name, recover) => {
    const email = `victim-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const { id, access, apiToken } = await userWithTokens(email);

    await recover(email, id);

    await expectRefused(apiToken, 'invalid_token');
    await expectRefused(access, 'token_revoked');
    const listed = await asAdmin('GET', `/api/admin/users/${id}/tokens`);
    expect(listed.json()).toEqual([]);
  });

  it('accepts tokens issued after the reset, and leaves other accounts alone', async () => {
    const bystander = await userWithTokens('bystander@example.test');
    const { id } = await userWithTokens('recovered@example.test');
    expect((await asAdmin('POST', `/api/admin/users/${id}/reset-password`)).statusCode).toBe(200);
    await runUsersCommand(
      { command: 'reset-password', positionals: ['recovered@example.test'], options: { password: 'a-new-strong-password' } },
      { database: database.handle, identity, io: { stdout: () => {}, stderr: () => {} } },
    );

    expect((await whoAmI(await accessToken('recovered@example.test'))).statusCode).toBe(200);
    expect((await whoAmI(bystander.access)).statusCode).toBe(200);
    expect((await whoAmI(bystander.apiToken)).statusCode).toBe(200);
  });
});
