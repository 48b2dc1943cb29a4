import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const production = { NODE_ENV: 'production' };
const realSecret = 'x7Kq2m9Vd4Lr8Tz1Np6Ws3Hc5Jb0Yf2Ue';

describe('loadConfig', () => {
  it('starts with embedded defaults: port 5000, ./data, built-in identity', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.identity).toMatchObject({ kind: 'builtin', issuer: 'http://localhost:5000/oidc', clientId: 'kai-web' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('runs several HTTP processes only on PostgreSQL, and sizes auto to the cores there', () => {
    expect(loadConfig({}).processes).toEqual({ http: 1, documentJobs: true });
    expect(() => loadConfig({ KAI_WORKERS: '2' })).toThrow(/KAI_WORKERS needs DATABASE_URL/);
    expect(loadConfig({ KAI_WORKERS: 'auto' }).processes.http).toBe(1);
    const postgres = { DATABASE_URL: 'postgres://kai@db/kai' };
    expect(loadConfig({ ...postgres, KAI_WORKERS: 'auto' }).processes.http).toBe(os.availableParallelism());
    expect(loadConfig({ ...postgres, KAI_WORKERS: '3', KAI_DOCUMENT_JOBS: 'false' }).processes).toEqual({ http: 3, documentJobs: false });
  });

  it('refuses a production start without KAI_SECRET, naming the variable', () => {
    expect(() => loadConfig(production)).toThrow(/KAI_SECRET is required/);
  });

  it.each(['changeme', 'CHANGE_ME_PLEASE_0123456789abcdefghijkl', '<your-secret-here-0123456789abcdefgh>'])(
    'refuses the placeholder secret %s in production',
    (secret) => {
      expect(() => loadConfig({ ...production, KAI_SECRET: secret })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, KAI_SECRET: secret })).toThrow(/KAI_SECRET/);
    },
  );

  it('refuses dev mode in production and ignores nothing silently', () => {
    expect(() => loadConfig({ ...production, KAI_SECRET: realSecret, KAI_DEV_MODE: '1' })).toThrow(/KAI_DEV_MODE/);
    expect(loadConfig({ ...production, KAI_SECRET: realSecret }).devMode).toBe(false);
    expect(loadConfig({ KAI_DEV_MODE: '1' }).devMode).toBe(true);
  });

  it('refuses a placeholder database password in production', () => {
    expect(() => loadConfig({ ...production, KAI_SECRET: realSecret, DATABASE_URL: 'postgres://kai:changeme@db/kai' })).toThrow(/DATABASE_URL/);
  });

  it('needs client id and audience with an external issuer, and sends audience only to Auth0', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://example.okta.com/oauth2/default' })).toThrow(/OIDC_CLIENT_ID/);
    const okta = loadConfig({ OIDC_ISSUER: 'https://example.okta.com/oauth2/default', OIDC_CLIENT_ID: 'abc', OIDC_AUDIENCE: 'api://default' });
    expect(okta.identity).toMatchObject({ kind: 'external', sendAudienceParam: false });
    const auth0 = loadConfig({ OIDC_ISSUER: 'https://tenant.us.auth0.com/', OIDC_CLIENT_ID: 'abc', OIDC_AUDIENCE: 'https://kai-api' });
    expect(auth0.identity).toMatchObject({ kind: 'external', sendAudienceParam: true });
  });

  it('bounds PostgreSQL waits by default, so a request fails within seconds when the database is away', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 3_000, statementMs: 5_000 });
    const tuned = loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '1500', DATABASE_STATEMENT_TIMEOUT_MS: '60000' });
    expect(tuned.databaseTimeouts).toEqual({ connectMs: 1_500, statementMs: 60_000 });
    // 0 would mean "wait forever" to PostgreSQL: the hang this setting exists to prevent.
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
  });

  it('names the variable that does not parse', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('production refuses weak settings (issue 27, finding 12)', () => {
  const strong = 'b3f1c9e07a5d48e2916f0c7ab42d8e35f1a06c9d7e2b4a8c';

  it('refuses a KAI_SECRET of one repeated character or a short repeated pattern', () => {
    expect(() => loadConfig({ ...production, KAI_SECRET: 'a'.repeat(32) })).toThrow(/KAI_SECRET is too easy to guess/);
    expect(() => loadConfig({ ...production, KAI_SECRET: 'abc123'.repeat(6) })).toThrow(/KAI_SECRET is too easy to guess/);
    expect(loadConfig({ ...production, KAI_SECRET: strong }).secret).toBe(strong);
  });

  it('refuses an all-zero or patterned KAI_ENCRYPTION_KEY', () => {
    const procore = { ...production, KAI_SECRET: strong, PROCORE_CLIENT_ID: 'client', PROCORE_CLIENT_SECRET: 'a-real-client-secret' };
    expect(() => loadConfig({ ...procore, KAI_ENCRYPTION_KEY: '0'.repeat(64) })).toThrow(/KAI_ENCRYPTION_KEY is not a random key/);
    expect(() => loadConfig({ ...procore, KAI_ENCRYPTION_KEY: 'ab'.repeat(32) })).toThrow(/KAI_ENCRYPTION_KEY is not a random key/);
    expect(() => loadConfig({ ...procore, KAI_ENCRYPTION_KEY: strong.slice(0, 32) + strong.slice(0, 32) })).not.toThrow();
  });

  it('refuses plain http for the public and issuer addresses, except on this machine or with KAI_ALLOW_HTTP', () => {
    const base = { ...production, KAI_SECRET: strong };
    expect(() => loadConfig({ ...base, KAI_PUBLIC_URL: 'http://kai.example.com' })).toThrow(/KAI_PUBLIC_URL must be an https:\/\/ address/);
    const external = { OIDC_ISSUER: 'http://login.example.com/', OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: 'https://kai.example.com/api' };
    expect(() => loadConfig({ ...base, KAI_PUBLIC_URL: 'https://kai.example.com', ...external })).toThrow(/OIDC_ISSUER must be an https:\/\//);
    expect(loadConfig({ ...base, KAI_PUBLIC_URL: 'http://localhost:5000' }).publicUrl).toBe('http://localhost:5000');
    expect(loadConfig({ ...base, KAI_PUBLIC_URL: 'http://kai.internal', KAI_ALLOW_HTTP: 'true' }).publicUrl).toBe('http://kai.internal');
    // Outside production (tests, a trial on a laptop) nothing changes.
    expect(loadConfig({ KAI_PUBLIC_URL: 'http://kai.example.com' }).publicUrl).toBe('http://kai.example.com');
  });
});
