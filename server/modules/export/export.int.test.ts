import { createHash } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { plantSecrets, seedUserData } from './testing/export-seed';

const AUDIENCE = 'https://kai.example.com/api';
const ADMIN_EXPORT = '/api/admin/download-export/kai-instance-export-2025-03-01.json';

describe.each(databaseKinds)('data exports (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let annId: string;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    built = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa-client',
      OIDC_AUDIENCE: AUDIENCE,
      OIDC_ROLES_CLAIM: 'roles',
    });
  });
  afterAll(async () => {
    await built.app.close();
    await database.dispose();
    await issuer.stop();
  });

  const as = async (sub: string, roles: string[] = []) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE, roles })}` });
  const get = async (url: string, headers: Record<string, string>) => built.app.inject({ method: 'GET', url, headers });
  const signUp = async (sub: string, roles: string[] = []) => expect((await get('/api/user/current', await as(sub, roles))).statusCode).toBe(200);

  it("downloads the user's own data, and none of another user's", async () => {
    await signUp('auth0|ann');
    await signUp('auth0|bob');
    annId = await seedUserData(database.handle.db, 'auth0|ann', 'AnnMarker');
    await seedUserData(database.handle.db, 'auth0|bob', 'BobMarker');

    const res = await get('/api/export', await as('auth0|ann'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kai-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body).not.toContain('BobMarker');
    const data = res.json();
    expect(data).toMatchObject({ format: 'kai-export', version: 1, scope: 'user', settings: { procore: null } });
    expect(data.profile).not.toHaveProperty('subject');
    expect(data.chatSessions).toEqual([expect.objectContaining({ number: 7, title: 'AnnMarker session' })]);
    expect(data.chatMessages.map((m: { content: string }) => m.content).sort()).toEqual(['AnnMarker answer', 'AnnMarker question']);
    expect(data.documents).toEqual([expect.objectContaining({ filename: 'AnnMarker.pdf', extractedText: 'AnnMarker extracted text' })]);
    expect(data.documents[0]).not.toHaveProperty('blobId');
    expect(data.invoices).toEqual([
      expect.objectContaining({ invoiceNumber: 'AnnMarker-INV', parsed: { vendor_name: 'AnnMarker Supply' }, confirmation: expect.any(Object) }),
    ]);
    expect(data.importBatches).toEqual([expect.objectContaining({ clientSessionId: 'AnnMarker-dialog' })]);
    expect(data.vendorAliases).toEqual([expect.objectContaining({ alias: 'annmarker supply co', vendorName: 'AnnMarker Supply' })]);
  });

  it('refuses the instance export to a non-administrator, whatever the name', async () => {
    const headers = await as('auth0|ann');
    for (const url of [ADMIN_EXPORT, '/api/admin/download-export/..%2F..%2Fetc%2Fpasswd']) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('AnnMarker');
    }
  });

  it('refuses a name that is not an instance export file name', async () => {
    const headers = await as('auth0|root', ['admin']);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'kai-instance-export-2025-03-01.json.exe', 'kai-export-2025-03-01.json', 'x.json']) {
      const res = await get(`/api/admin/download-export/${name}`, headers);
      expect(res.statusCode, name).toBe(400);
    }
  });

  it("gives an administrator the whole instance's data and none of its secrets", async () => {
    await signUp('auth0|root', ['admin']);
    const secrets = await plantSecrets(database.handle.db, annId);
    const token = await built.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: await as('auth0|ann'),
      payload: { name: 'script', expiresInDays: 5 },
    });
    const apiToken: string = token.json().token;

    const res = await get(ADMIN_EXPORT, await as('auth0|root', ['admin']));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="kai-instance-export-2025-03-01.json"');
    const data = res.json();
    expect(data.scope).toBe('instance');
    expect(res.body).toContain('AnnMarker extracted text');
    expect(res.body).toContain('BobMarker question');
    expect(data.users.map((u: { subject: string }) => u.subject)).toEqual(expect.arrayContaining(['auth0|ann', 'auth0|bob', 'auth0|root']));
    expect(data.localAccounts).toEqual([expect.objectContaining({ email: 'planted@example.test' })]);
    expect(data.apiTokens).toEqual([expect.objectContaining({ name: 'script' })]);
    for (const secret of [...Object.values(secrets), apiToken, createHash('sha256').update(apiToken).digest('hex')]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/passwordHash|tokenHash|accessToken|refreshToken/);
  });

  it('streams 10,000 messages without holding the export in memory', async () => {
    await signUp('auth0|bulk');
    const userId = await seedUserData(database.handle.db, 'auth0|bulk', 'BulkMarker');
    const content = 'x'.repeat(4000);
    await database.handle.db.execute(sql`
      insert into chat_messages (session_id, user_id, role, content)
      select s.id, ${userId}, 'user', ${content} || g::text
      from chat_sessions s, generate_series(1, 10000) g where s.user_id = ${userId}`);
    const address = await built.app.listen({ port: 0, host: '127.0.0.1' });

    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let bytes = 0;
    let chunks = 0;
    const response = await fetch(`${address}/api/export`, { headers: await as('auth0|bulk') });
    expect(response.status).toBe(200);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (++chunks % 50 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    // About 40 MB of message text went through (80 MB as JS strings); at most a page at a time stays.
    expect(bytes).toBeGreaterThan(40_000_000);
    expect(chunks).toBeGreaterThan(100);
    expect(peak).toBeLessThan(50 * 1024 * 1024);
  }, 120_000);
});
