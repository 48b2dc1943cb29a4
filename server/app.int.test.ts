import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ACCESS_TOKEN } from '@contract/auth';
import { buildTestApp } from './test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './test/databases';
import type { DatabaseHandle } from './db/client';

describe.each(databaseKinds)('the app on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, {
      KAI_DEV_MODE: '1',
      KAI_ADMIN_EMAIL: 'admin@example.com',
      KAI_ADMIN_PASSWORD: 'a-long-test-password',
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends security headers: CSP without inline scripts, no framing, nosniff, a request id', async () => {
    const res = await app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['x-kai-process']).toBe(`${os.hostname()}/${process.pid}`);
  });

  it('tells the web app how to sign in', async () => {
    const res = await app.inject('/api/auth/config');
    expect(res.json()).toEqual({
      authority: 'http://127.0.0.1:5999/oidc',
      clientId: 'kai-web',
      scope: 'openid profile email offline_access',
      devMode: true,
      provider: 'builtin',
    });
  });

  it('accepts the development identity in dev mode, marked as such', async () => {
    const res = await app.inject({ url: '/api/user/current', headers: { authorization: `Bearer ${DEV_ACCESS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ auth0Id: 'dev-user', isDev: true, role: 'user' });
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const database = await createTestDatabase('pglite');
    const broken: DatabaseHandle = {
      ...database.handle,
      ping: async () => {
        throw new Error('down');
      },
    };
    const { app } = await buildTestApp(broken);
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    await app.close();
    await database.dispose();
  });
});

describe('closing', () => {
  it('lets an in-flight request finish when the app closes', async () => {
    const database = await createTestDatabase('pglite');
    const { buildApp } = await import('./app');
    const { testConfig } = await import('./test/app');
    const app = await buildApp(testConfig({ LOG_LEVEL: 'silent' }), { database: database.handle });
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      app.get('/slow-test-route', async () => {
        resolve();
        await new Promise<void>((r) => (release = r));
        return { done: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/slow-test-route`);
    await started;
    const closing = app.close();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await database.dispose();
  });
});
