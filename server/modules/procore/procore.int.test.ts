import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { databaseKinds } from '../../test/databases';
import { PROCORE_COMPANY, PROCORE_OTHER_COMPANY } from '../../test/fake-procore-data';
import { createInstanceSettingsRepository } from '../identity/instance-settings.repository';
import { startProcoreApp, type ProcoreApp } from './testing/procore-app';
import { createTokenCipher, loadTokenKey } from './token-cipher';

describe.each(databaseKinds)('connecting Procore (%s)', (kind) => {
  let kai: ProcoreApp;

  beforeAll(async () => {
    kai = await startProcoreApp(kind);
  });
  afterAll(() => kai.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await kai.database.handle.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const connectionOf = async (sub: string) =>
    (await rows(sql`select c.* from procore_connections c join users u on u.id = c.user_id where u.subject = ${sub}`))[0];
  const expireTokens = (sub: string, at = sql`now() - interval '1 minute'`) =>
    kai.database.handle.db.execute(
      sql`update procore_connections set expires_at = ${at} where user_id = (select id from users where subject = ${sub})`,
    );

  it('hands out an authorize URL with the client, the redirect, a state and an S256 challenge', async () => {
    const res = await kai.call('auth0|ann', 'GET', '/api/procore/auth-url');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${kai.fake.baseUrl}/oauth/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(kai.fake.client.clientId);
    expect(q.get('redirect_uri')).toBe('http://127.0.0.1:5999/procore/callback');
    expect(q.get('state')).toMatch(/^[\w-]{32}$/);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    const anonymous = await kai.app.inject({ method: 'GET', url: '/api/procore/auth-url' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('connects: exchanges the code on the server and picks the first company', async () => {
    expect(await kai.connect('auth0|ann')).toEqual({ success: true, companyName: PROCORE_COMPANY.name });
    expect(kai.fake.tokenRequests.at(-1)).toMatchObject({ grantType: 'authorization_code', ok: true });
    const status = await kai.call('auth0|ann', 'GET', '/api/procore/status');
    expect(status.json()).toEqual({ configured: true, connected: true, company: { id: PROCORE_COMPANY.id, name: PROCORE_COMPANY.name } });
    const other = await kai.call('auth0|bob', 'GET', '/api/procore/status');
    expect(other.json()).toMatchObject({ configured: true, connected: false, company: null });
  });

  it('stores the tokens encrypted: ciphertext in the database that decrypts back to them', async () => {
    const row = await connectionOf('auth0|ann');
    const stored = [String(row.access_token), String(row.refresh_token)];
    for (const value of stored) {
      expect(value).toMatch(/^v1:/);
      for (const token of kai.fake.issuedTokens) expect(value).not.toContain(token);
    }
    const settings = createInstanceSettingsRepository(kai.database.handle.db);
    const cipher = createTokenCipher(await loadTokenKey({ readOrCreate: settings.readOrCreate }));
    expect(kai.fake.issuedTokens).toEqual(expect.arrayContaining(stored.map((s) => cipher.decrypt(s))));
    const body = (await kai.call('auth0|ann', 'GET', '/api/procore/status')).body;
    for (const token of kai.fake.issuedTokens) expect(body).not.toContain(token);
  });

  it('refuses an unknown, another user’s, a used or an expired state with 400 invalid_state', async () => {
    const { authUrl } = (await kai.call('auth0|cy', 'GET', '/api/procore/auth-url')).json();
    const approved = kai.fake.approve(authUrl);
    const unknown = await kai.call('auth0|cy', 'POST', '/api/procore/authenticate', { ...approved, state: 'made-up-state' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('invalid_state');
    const stolen = await kai.call('auth0|mallory', 'POST', '/api/procore/authenticate', approved);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('invalid_state');
    expect((await kai.call('auth0|mallory', 'GET', '/api/procore/status')).json().connected).toBe(false);
    // The owner can still finish, once.
    expect((await kai.call('auth0|cy', 'POST', '/api/procore/authenticate', approved)).statusCode).toBe(200);
    const replay = await kai.call('auth0|cy', 'POST', '/api/procore/authenticate', approved);
    expect(replay.json().error.code).toBe('invalid_state');

    const late = kai.fake.approve((await kai.call('auth0|cy', 'GET', '/api/procore/auth-url')).json().authUrl);
    await kai.database.handle.db.execute(sql`update procore_oauth_states set expires_at = now() - interval '1 second' where state = ${late.state}`);
    const expired = await kai.call('auth0|cy', 'POST', '/api/procore/authenticate', late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_state');
    const missing = await kai.call('auth0|cy', 'POST', '/api/procore/authenticate', { code: late.code });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 400 procore_auth_failed when Procore refuses the code', async () => {
    const { authUrl } = (await kai.call('auth0|dee', 'GET', '/api/procore/auth-url')).json();
    const { state } = kai.fake.approve(authUrl);
    const res = await kai.call('auth0|dee', 'POST', '/api/procore/authenticate', { code: 'not-a-code-procore-issued', state });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'procore_auth_failed',
      message: expect.stringContaining('did not accept the authorization code'),
    });
    expect((await kai.call('auth0|dee', 'GET', '/api/procore/status')).json().connected).toBe(false);
  });

  it('refreshes a token about to expire, and after Procore stops accepting it', async () => {
    await kai.connect('auth0|eve');
    const before = await connectionOf('auth0|eve');
    const refreshes = kai.fake.refreshCount;
    await expireTokens('auth0|eve', sql`now() + interval '30 seconds'`);
    expect((await kai.call('auth0|eve', 'GET', '/api/procore/companies')).statusCode).toBe(200);
    expect(kai.fake.refreshCount).toBe(refreshes + 1);
    const after = await connectionOf('auth0|eve');
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(new Date(String(after.expires_at)).getTime() - Date.now()).toBeGreaterThan(5000_000);

    kai.fake.expireAccessTokens();
    const answer = await kai.ask('auth0|eve', 'Which vendors are in the directory?');
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(kai.fake.refreshCount).toBe(refreshes + 2);
  });

  it('refreshes once when two instances sharing the database both need it', async () => {
    const second = (
      await buildTestApp(kai.database.handle, {
        OIDC_ISSUER: kai.issuer.issuer,
        OIDC_CLIENT_ID: 'spa',
        OIDC_AUDIENCE: 'https://kai.example.com/api',
        ...kai.env,
      })
    ).app;
    try {
      await kai.connect('auth0|fay');
      await expireTokens('auth0|fay');
      const refreshes = kai.fake.refreshCount;
      kai.fake.refreshDelayMs = 300;
      const [a, b, c] = await Promise.all([
        kai.call('auth0|fay', 'GET', '/api/procore/companies'),
        kai.call('auth0|fay', 'GET', '/api/procore/companies', undefined, second),
        kai.call('auth0|fay', 'GET', '/api/procore/companies'),
      ]);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      expect(kai.fake.refreshCount).toBe(refreshes + 1);
      expect(kai.fake.tokenRequests.filter((r) => r.grantType === 'refresh_token' && !r.ok)).toEqual([]);
    } finally {
      kai.fake.refreshDelayMs = 0;
      await second.close();
    }
  });

  it('lists every company across pages and switches to one of them, and only to one of them', async () => {
    await kai.connect('auth0|gus');
    kai.fake.maxPerPage = 1;
    try {
      const companies = await kai.call('auth0|gus', 'GET', '/api/procore/companies');
      expect(companies.json()).toEqual([
        { id: PROCORE_COMPANY.id, name: PROCORE_COMPANY.name },
        { id: PROCORE_OTHER_COMPANY.id, name: PROCORE_OTHER_COMPANY.name },
      ]);
    } finally {
      kai.fake.maxPerPage = 100;
    }
    const chosen = await kai.call('auth0|gus', 'POST', '/api/procore/company', { companyId: PROCORE_OTHER_COMPANY.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().company).toEqual({ id: PROCORE_OTHER_COMPANY.id, name: PROCORE_OTHER_COMPANY.name });
    const foreign = await kai.call('auth0|gus', 'POST', '/api/procore/company', { companyId: '999999' });
    expect(foreign.statusCode).toBe(404);
    const notConnected = await kai.call('auth0|nobody', 'POST', '/api/procore/company', { companyId: PROCORE_COMPANY.id });
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().error.code).toBe('procore_not_connected');
  });

  it('honours 429 and 503 Retry-After, then answers', async () => {
    await kai.connect('auth0|hal');
    kai.fake.failNext(1, { status: 429, retryAfterSeconds: 1 });
    let started = Date.now();
    expect((await kai.ask('auth0|hal', 'Open RFIs on Riverside?')).content).toContain('MRI room shielding');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    kai.fake.failNext(1, { status: 503, retryAfterSeconds: 1 });
    started = Date.now();
    expect((await kai.ask('auth0|hal', 'Riverside submittals')).content).toContain('Panelboards');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('disconnects: revokes at Procore, then forgets the tokens', async () => {
    await kai.connect('auth0|jo');
    const row = await connectionOf('auth0|jo');
    const revokedBefore = kai.fake.revoked.length;
    const res = await kai.call('auth0|jo', 'POST', '/api/procore/disconnect');
    expect(res.json()).toEqual({ success: true });
    expect(kai.fake.revoked.length - revokedBefore).toBe(2);
    expect(await connectionOf('auth0|jo')).toBeUndefined();
    expect(row).toBeDefined();
    expect((await kai.call('auth0|jo', 'GET', '/api/procore/status')).json().connected).toBe(false);
  });

  it('forgets the connection even when Procore cannot take the revocation', async () => {
    await kai.connect('auth0|kim');
    const { loginUrl } = { loginUrl: kai.fake.baseUrl };
    await kai.fake.stop();
    try {
      const res = await kai.call('auth0|kim', 'POST', '/api/procore/disconnect');
      expect(res.statusCode).toBe(200);
      expect(await connectionOf('auth0|kim')).toBeUndefined();
    } finally {
      await kai.fake.start(Number(new URL(loginUrl).port));
    }
  });

  it('never writes the client secret or a token to the log', () => {
    const log = kai.logText();
    expect(log).not.toContain(kai.fake.client.clientSecret);
    for (const token of kai.fake.issuedTokens) expect(log).not.toContain(token);
  });
});
