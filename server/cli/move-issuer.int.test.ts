import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { seedUserData } from '../modules/export/testing/export-seed';
import { buildTestApp } from '../test/app';
import { createEmptyPostgresDatabase, databaseKinds } from '../test/databases';
import { FakeIssuer } from '../test/fake-issuer';
import { run } from './kai';

const OLD_ISSUER = 'https://old-idp.example.test/';
const AUDIENCE = 'https://kai.example.test/api';

describe.each(databaseKinds)('kai users move-issuer, after OIDC_ISSUER changed (%s)', (kind) => {
  let issuer: FakeIssuer;
  let env: Record<string, string>;
  const cleanups: Array<() => unknown> = [];

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    cleanups.push(() => issuer.stop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-move-issuer-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      KAI_DATA_DIR: dataDir,
      KAI_PUBLIC_URL: 'http://127.0.0.1:5999',
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa-client',
      OIDC_AUDIENCE: AUDIENCE,
    };
    if (kind === 'postgres') {
      const { url, drop } = await createEmptyPostgresDatabase();
      cleanups.push(drop);
      env.DATABASE_URL = url;
    }
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The instance's database, opened only while `use` runs: with PGlite the CLI needs it free. */
  async function withDatabase<T>(use: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.KAI_DATA_DIR });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  }

  async function kai(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await run(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env });
    return { code, stdout, stderr };
  }

  const usersByIssuer = () =>
    withDatabase(async ({ db }) =>
      (await db.select({ id: users.id, issuer: users.issuer, subject: users.subject }).from(users)).sort((a, b) =>
        `${a.issuer}${a.subject}`.localeCompare(`${b.issuer}${b.subject}`),
      ),
    );

  it('is named by a warning at start, re-keys only when asked, and the users then reach their data', { timeout: 120_000 }, async () => {
    const ana = await withDatabase(async ({ db }) => {
      const [row] = await db.insert(users).values({ issuer: OLD_ISSUER, subject: 'auth0|ana', email: 'ana@example.test' }).returning();
      await db.insert(users).values({ issuer: OLD_ISSUER, subject: 'auth0|bob', email: 'bob@example.test' });
      await seedUserData(db, 'auth0|ana', 'Ana');
      return row;
    });

    // Start: users only under the old issuer. KAI says so and changes nothing.
    const bob = await withDatabase(async (database) => {
      const { app, logText } = await buildTestApp(database, env);
      try {
        expect(logText()).toContain(`users move-issuer --from ${OLD_ISSUER} --to ${issuer.issuer} --dry-run`);
        // Bob signs in through the new issuer before anyone moved him: a new, separate user.
        const headers = { authorization: `Bearer ${await issuer.sign({ sub: 'auth0|bob', aud: AUDIENCE })}` };
        const created = await app.inject({ method: 'POST', url: '/api/chat/sessions', headers, payload: { title: 'Bob after the change' } });
        expect(created.statusCode).toBe(201);
        return (await app.inject({ method: 'GET', url: '/api/user/current', headers })).json<{ id: string }>();
      } finally {
        await app.close();
      }
    });
    const before = await usersByIssuer();

    const dryRun = await kai('users', 'move-issuer', '--from', OLD_ISSUER, '--to', issuer.issuer, '--dry-run');
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toMatch(/ {2}ana@example\.test +auth0\|ana +1 chat, 1 document, 1 invoice\n/);
    expect(dryRun.stdout).toMatch(
      /\* bob@example\.test +auth0\|bob +0 chats, 0 documents, 0 invoices +already signed in under the new issuer as a new user: 1 chat, 0 documents, 0 invoices\n/,
    );
    expect(dryRun.stdout).toContain('Dry run: nothing changed.');
    expect(await usersByIssuer()).toEqual(before);

    const refused = await kai('users', 'move-issuer', '--from', OLD_ISSUER, '--to', issuer.issuer);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--replace-newer');
    expect(await usersByIssuer()).toEqual(before);

    const moved = await kai('users', 'move-issuer', '--from', OLD_ISSUER, '--to', issuer.issuer, '--replace-newer');
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(`Moved 2 users from ${OLD_ISSUER} to ${issuer.issuer} (replaced 1 newer).`);
    const after = await usersByIssuer();
    expect(after.map((row) => [row.issuer, row.subject])).toEqual([
      [issuer.issuer, 'auth0|ana'],
      [issuer.issuer, 'auth0|bob'],
    ]);
    expect(after.some((row) => row.id === bob.id)).toBe(false);

    await withDatabase(async (database) => {
      const { app, logText } = await buildTestApp(database, env);
      try {
        expect(logText()).not.toContain('move-issuer');
        const headers = { authorization: `Bearer ${await issuer.sign({ sub: 'auth0|ana', aud: AUDIENCE })}` };
        expect((await app.inject({ method: 'GET', url: '/api/user/current', headers })).json()).toMatchObject({ id: ana.id });
        const chats = (await app.inject({ method: 'GET', url: '/api/chat/sessions', headers })).json<Array<{ title: string }>>();
        expect(chats.map((chat) => chat.title)).toEqual(['Ana session']);
      } finally {
        await app.close();
      }
    });
  });

  it('refuses built-in keys, an issuer without users and missing arguments', async () => {
    const builtin = await kai('users', 'move-issuer', '--from', 'urn:kai:builtin', '--to', issuer.issuer);
    expect(builtin.code).toBe(1);
    expect(builtin.stderr).toContain('built-in provider keep their key');
    const unknown = await kai('users', 'move-issuer', '--from', 'https://nobody.example.test/', '--to', issuer.issuer, '--dry-run');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`No users are keyed by https://nobody.example.test/. Issuers with users: ${issuer.issuer} (2)`);
    expect((await kai('users', 'move-issuer', '--from', OLD_ISSUER)).code).toBe(2);
    expect((await kai('users', 'move-issuer', 'ana@example.test', '--from', OLD_ISSUER, '--to', issuer.issuer)).code).toBe(2);
  });
});
