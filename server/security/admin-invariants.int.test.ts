import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUsersCommand } from '../cli/users.commands';
import type { BuiltinIdentityConfig } from '../config';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { mintAccessToken } from '../modules/identity/access-token';
import { buildTestApp, testConfig } from '../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases';
import { uploadForm } from '../test/documents-app';

const ENV = { KAI_ADMIN_EMAIL: 'ada@example.test', KAI_ADMIN_PASSWORD: 'ada-password-for-tests' };
const ROUNDS = 20;

/**
 * Issue 27, findings 1, 2 and 10: at least one active administrator under any interleaving, every
 * admin-only decision by the account's current role, and no profile e-mail from an API token.
 */
describe.each(databaseKinds)('administrator invariants (%s)', { timeout: 120_000 }, (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  const identity = testConfig(ENV).identity as BuiltinIdentityConfig;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, ENV));
    for (const email of ['bob@example.test', 'cy@example.test']) {
      const added = await as('ada@example.test', 'POST', '/api/admin/users', { email, admin: true });
      expect(added.statusCode, added.body).toBe(201);
    }
    const list = await as('ada@example.test', 'GET', '/api/admin/users');
    for (const user of list.json().users as Array<{ email: string; id: string }>) ids[user.email.split('@')[0]] = user.id;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const tokenOf = async (email: string) => (await mintAccessToken(database.handle.db, identity, email, 600)).token;
  async function as(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return app.inject({ method, url, payload, headers: { authorization: `Bearer ${await tokenOf(email)}` } });
  }
  const activeAdmins = async () => (await createAccountsRepository(database.handle.db).list()).filter((a) => a.role === 'admin' && !a.disabledAt);
  /** Through the CLI (the same rules, another way in): Ada and Bob active administrators again, Cy a user. */
  const reset = async () => {
    for (const [command, who] of [
      ['enable', 'ada'],
      ['make-admin', 'ada'],
      ['enable', 'bob'],
      ['make-admin', 'bob'],
      ['remove-admin', 'cy'],
    ]) {
      const io = { stdout: () => {}, stderr: () => {} };
      await runUsersCommand({ command, positionals: [`${who}@example.test`], options: {} }, { database: database.handle, identity, io });
    }
  };
  const demote = (by: string, id: string) => as(`${by}@example.test`, 'PUT', `/api/admin/users/${id}/role`, { role: 'user' });
  const disable = (by: string, id: string) => as(`${by}@example.test`, 'POST', `/api/admin/users/${id}/disable`);

  // PGlite has one connection: its requests already take turns, so the race only exists on PostgreSQL.
  it.runIf(kind === 'postgres')(`keeps one active administrator when two demote or disable each other at once (${ROUNDS} rounds each)`, async () => {
    for (const pair of [
      () => [demote('ada', ids.bob), demote('bob', ids.ada)],
      () => [disable('ada', ids.bob), disable('bob', ids.ada)],
      () => [demote('ada', ids.bob), disable('bob', ids.ada)],
      () => [demote('ada', ids.bob), demote('ada', ids.ada)],
    ]) {
      for (let round = 0; round < ROUNDS; round++) {
        await reset();
        const answers = await Promise.all(pair());
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(await activeAdmins()).toHaveLength(1);
        // One change wins; the other is refused as the last administrator, or its caller is by then
        // no administrator (403) or disabled (401).
        expect(statuses[0]).toBe(200);
        expect([401, 403, 409]).toContain(statuses[1]);
      }
    }
  });

  it('refuses to demote or disable the last active administrator, by any route', async () => {
    await reset();
    expect((await demote('ada', ids.bob)).statusCode).toBe(200);
    const self = await demote('ada', ids.ada);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('last_admin');
    expect((await disable('ada', ids.ada)).json().error.code).toBe('last_admin');
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('takes the instance export and knowledge uploads away from a demoted administrator at once', async () => {
    await reset();
    const bobToken = await tokenOf('bob@example.test');
    const exportUrl = '/api/admin/download-export/kai-instance-export-2026-11-28.json';
    const knowledge = () =>
      app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { authorization: `Bearer ${bobToken}` },
        payload: uploadForm([{ name: 'guide.csv', bytes: `k,v\n${Math.random()},2\n` }], { purpose: 'knowledge' }),
      });
    const bobExport = () => app.inject({ url: exportUrl, headers: { authorization: `Bearer ${bobToken}` } });
    expect((await bobExport()).statusCode).toBe(200);
    expect((await knowledge()).statusCode).toBe(200);

    expect((await demote('ada', ids.bob)).statusCode).toBe(200);
    // The same token, still unexpired and still saying "admin".
    const exported = await bobExport();
    expect(exported.statusCode).toBe(403);
    expect(exported.json().error.code).toBe('admin_only');
    const uploaded = await knowledge();
    expect(uploaded.statusCode).toBe(403);
    expect(uploaded.json().error.code).toBe('admin_only');
  });

  it('keeps the stored e-mail when an API-token caller sends another in /api/user/sync', async () => {
    await reset();
    const created = await as('cy@example.test', 'POST', '/api/tokens', { name: 'script', expiresInDays: 30 });
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = created.json().token as string;
    const current = await as('cy@example.test', 'GET', '/api/user/current');
    const synced = await app.inject({
      method: 'POST',
      url: '/api/user/sync',
      headers: { authorization: `Bearer ${apiToken}` },
      payload: { auth0Id: current.json().auth0Id, email: 'ada@example.test', name: 'Cy Renamed' },
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().email).toBe('cy@example.test');
    expect(synced.json().firstName).toBe('Cy');
    const list = await as('ada@example.test', 'GET', '/api/admin/users');
    expect(list.json().users.filter((u: { email: string }) => u.email === 'ada@example.test')).toHaveLength(1);
  });
});
