import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/lock';
import { createTokenVerifier, localKeys } from '../modules/auth/token-verifier';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { createInstanceSettingsRepository } from '../modules/identity/instance-settings.repository';
import { verifyPassword } from '../modules/identity/password';
import { loadSigningKeys } from '../modules/identity/signing-keys';
import { run } from './kai';

let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kai-cli-'));
  env = { NODE_ENV: 'test', KAI_DATA_DIR: dataDir, KAI_PUBLIC_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' };
});

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function kai(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env });
  return { code, stdout, stderr };
}

/** Reads the data directory the way the server would, after the CLI has let go of it. */
async function withDatabase<T>(use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

describe('kai CLI', { timeout: 60_000 }, () => {
  it('prints usage for --help (0) and for wrong arguments (2)', async () => {
    const help = await kai('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('users add <email>');
    expect((await kai()).code).toBe(2);
    expect((await kai('users', 'frob')).code).toBe(2);
    expect((await kai('users', 'list', '--ttl', '1h')).code).toBe(2);
    expect((await kai('users', 'add')).code).toBe(2);
    expect((await kai('users', 'add', 'a@example.test', '--bogus')).code).toBe(2);
    const badTtl = await kai('users', 'token', 'a@example.test', '--ttl', '2d');
    expect(badTtl.code).toBe(2);
    expect(badTtl.stderr).toContain('--ttl');
  });

  it('adds, lists, disables and enables accounts', async () => {
    const added = await kai('users', 'add', 'Ana@Example.test', '--name', 'Ana Lopez');
    expect(added.code).toBe(0);
    const password = added.stdout.match(/Password: (\S+)/)?.[1];
    expect(password).toHaveLength(24);
    expect(added.stdout).toContain('it works for one sign-in within 7 days');
    expect((await kai('users', 'add', 'boss@example.test', '--admin', '--password', 'boss-password-1')).code).toBe(0);

    const duplicate = await kai('users', 'add', 'ana@example.test');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');

    const listed = await kai('users', 'list');
    expect(listed.stdout).toMatch(/^EMAIL\s+NAME\s+ROLE\s+STATUS\s+CREATED/);
    expect(listed.stdout).toMatch(/ana@example\.test\s+Ana Lopez\s+user\s+active/);
    expect(listed.stdout).toMatch(/boss@example\.test\s+-\s+admin\s+active/);

    expect((await kai('users', 'disable', 'ana@example.test')).code).toBe(0);
    expect((await kai('users', 'list')).stdout).toMatch(/ana@example\.test\s+Ana Lopez\s+user\s+disabled/);
    const refused = await kai('users', 'token', 'ana@example.test');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('disabled');
    expect((await kai('users', 'enable', 'ana@example.test')).code).toBe(0);
    expect((await kai('users', 'disable', 'nobody@example.test')).code).toBe(1);

    await withDatabase(async (db) => {
      const row = await createAccountsRepository(db).findByEmail('ana@example.test');
      expect(row?.disabledAt).toBeNull();
      expect(await verifyPassword(password!, row!.passwordHash)).toBe(true);
      expect(row!.passwordExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000 - 60_000);
    });
  });

  it('resets a password', async () => {
    expect((await kai('users', 'reset-password', 'boss@example.test', '--password', 'new-boss-password')).code).toBe(0);
    expect((await kai('users', 'reset-password', 'boss@example.test', '--password', 'short')).code).toBe(1);
    await withDatabase(async (db) => {
      const row = await createAccountsRepository(db).findByEmail('boss@example.test');
      expect(await verifyPassword('new-boss-password', row!.passwordHash)).toBe(true);
    });
  });

  it('mints an access token the API verifier accepts', async () => {
    const minted = await kai('users', 'token', 'boss@example.test', '--ttl', '30m');
    expect(minted.code).toBe(0);
    const token = minted.stdout.trim();
    const identity = loadConfig(env).identity;
    const { publicJwks } = await withDatabase((db) => loadSigningKeys(createInstanceSettingsRepository(db)));
    const verify = createTokenVerifier({ issuer: identity.issuer, audience: identity.audience, keys: localKeys(publicJwks), requiredType: 'at+jwt' });
    const { claims } = await verify(token);
    expect(claims).toMatchObject({ email: 'boss@example.test', roles: ['admin'], client_id: 'kai-web', scope: 'openid profile email' });
    expect((claims.exp as number) - (claims.iat as number)).toBe(1800);
  });

  it('explains that the server holds the embedded database', async () => {
    const unlock = await lockDataDir(dataDir, () => {});
    try {
      const result = await kai('users', 'list');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('stop the KAI server');
    } finally {
      await unlock();
    }
  });
});
