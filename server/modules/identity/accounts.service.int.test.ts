import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { BUILTIN_USER_ISSUER } from '../users/user-issuer';
import { createUsersRepository } from '../users/users.repository';
import { createBuiltinIdentity } from './builtin-identity';
import { createInstanceSettingsRepository } from './instance-settings.repository';
import { createOidcAdapter } from './oidc-payloads.repository';
import { loadSigningKeys } from './signing-keys';
import { accountsServiceOn } from '../../test/identity-app';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database?.close();
});

const makeService = () => accountsServiceOn(database.db);

describe('first start', () => {
  it('creates one admin with a one-time password printed to stdout, even when two instances race', async () => {
    const config = loadConfig({ NODE_ENV: 'test', KAI_PUBLIC_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' });
    const identity = config.identity as Extract<typeof config.identity, { kind: 'builtin' }>;
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as never;
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const [a, b] = await Promise.all([
        createBuiltinIdentity({ config, identity, db: database.db, log, users: createUsersRepository(database.db) }),
        createBuiltinIdentity({ config, identity, db: database.db, log, users: createUsersRepository(database.db) }),
      ]);
      expect(a.publicJwks).toEqual(b.publicJwks);
    } finally {
      write.mockRestore();
    }
    const accounts = await makeService().list();
    expect(accounts.map((a) => [a.email, a.role])).toEqual([['admin@localhost', 'admin']]);
    const banner = written.join('');
    expect(banner.match(/Password: /g)).toHaveLength(1);
    expect(banner).toContain('npm run kai -- users reset-password admin@localhost');
    const password = banner.match(/Password: (\S+)/)![1];
    const admin = await makeService().authenticate('admin@localhost', password);
    expect(admin).toMatchObject({ mustChangePassword: true });
    expect(admin!.passwordExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000 - 60_000);
  });
});

describe('accounts', () => {
  it('normalizes emails and refuses duplicates', async () => {
    const service = makeService();
    const { account, generatedPassword } = await service.add({ email: '  Pat@Example.TEST', name: 'Pat  van Dyke' });
    expect(account).toMatchObject({ email: 'pat@example.test', firstName: 'Pat', lastName: 'van Dyke', role: 'user', mustChangePassword: true });
    expect(generatedPassword).toHaveLength(24);
    await expect(service.add({ email: 'pat@example.test' })).rejects.toMatchObject({ code: 'account_exists' });
    await expect(service.add({ email: 'not-an-email' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(service.add({ email: 'x@example.test', password: 'short' })).rejects.toMatchObject({ code: 'weak_password' });
    await expect(service.add({ email: 'x@example.test', password: 'long-enough', invite: true })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('disables and re-enables an account together with its API user row and sessions', async () => {
    const service = makeService();
    const { account } = await service.add({ email: 'dee@example.test', password: 'dee-password' });
    const users = createUsersRepository(database.db);
    await users.ensure(BUILTIN_USER_ISSUER, account.id, { email: account.email });
    const Adapter = createOidcAdapter(database.db);
    await new Adapter('Session').upsert('s1', { accountId: account.id, uid: 'u1' }, 3600);
    await new Adapter('RefreshToken').upsert('r1', { accountId: account.id, grantId: 'g1' }, 3600);

    await service.setDisabled('DEE@example.test', true);
    expect(await service.authenticate('dee@example.test', 'dee-password')).toBeUndefined();
    expect(await service.findActive(account.id)).toBeUndefined();
    expect((await users.findByIdentity(BUILTIN_USER_ISSUER, account.id))?.disabledAt).toBeInstanceOf(Date);
    expect(await new Adapter('Session').findByUid('u1')).toBeUndefined();
    expect(await new Adapter('RefreshToken').find('r1')).toBeUndefined();

    await service.setDisabled('dee@example.test', false);
    expect(await service.authenticate('dee@example.test', 'dee-password')).toMatchObject({ id: account.id });
    expect((await users.findByIdentity(BUILTIN_USER_ISSUER, account.id))?.disabledAt).toBeNull();
  });

  it('resets a password', async () => {
    const service = makeService();
    await service.add({ email: 'reset@example.test', password: 'first-password' });
    expect(await service.authenticate('reset@example.test', 'first-password')).toMatchObject({ mustChangePassword: false });
    const { generatedPassword } = await service.resetPassword('reset@example.test');
    expect(await service.authenticate('reset@example.test', 'first-password')).toBeUndefined();
    expect(await service.authenticate('reset@example.test', generatedPassword!)).toMatchObject({ mustChangePassword: true });
    await service.resetPassword('reset@example.test', 'given-password');
    expect(await service.authenticate('reset@example.test', 'given-password')).toMatchObject({ mustChangePassword: false });
    await expect(service.resetPassword('nobody@example.test')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('provider storage', () => {
  it('finds, consumes, expires and revokes payloads', async () => {
    const Adapter = createOidcAdapter(database.db);
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g9', accountId: 'a' }, 60);
    await codes.upsert('c2', { grantId: 'g9', accountId: 'a' }, -1);
    expect(await codes.find('c1')).toMatchObject({ grantId: 'g9' });
    expect(await codes.find('c2')).toBeUndefined();
    expect(await new Adapter('AccessToken').find('c1')).toBeUndefined();

    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBeTypeOf('number');

    await codes.revokeByGrantId('g9');
    expect(await codes.find('c1')).toBeUndefined();

    await new Adapter('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH' });
    expect(await new Adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
    await new Adapter('DeviceCode').destroy('d1');
    expect(await new Adapter('DeviceCode').find('d1')).toBeUndefined();
  });

  it('keeps one signing key per installation', async () => {
    const settings = createInstanceSettingsRepository(database.db);
    const [a, b] = await Promise.all([loadSigningKeys(settings), loadSigningKeys(settings)]);
    expect(a.privateJwks.keys[0].kid).toBe(b.privateJwks.keys[0].kid);
    expect(a.publicJwks.keys[0]).not.toHaveProperty('d');
  });
});
