import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProcore } from '../test/fake-procore';
import { createPkcePair, createProcoreOAuth, ProcoreAuthError } from './procore-oauth';

const REDIRECT = 'http://127.0.0.1:5999/procore/callback';

describe('Procore OAuth against the fake Procore', () => {
  let fake: FakeProcore;
  let oauth: ReturnType<typeof createProcoreOAuth>;

  beforeAll(async () => {
    fake = await new FakeProcore().start();
    oauth = createProcoreOAuth({ ...fake.client, redirectUri: REDIRECT, loginUrl: fake.baseUrl });
  });
  afterAll(() => fake.stop());

  it('builds the authorize URL with the client, redirect, state and an S256 challenge', () => {
    const url = new URL(oauth.authorizeUrl('state-123', 'challenge-abc'));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.client.clientId,
      redirect_uri: REDIRECT,
      state: 'state-123',
      code_challenge: 'challenge-abc',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges a code with its verifier (form-encoded), once only', async () => {
    const pkce = createPkcePair();
    const code = fake.issueCode({ redirectUri: REDIRECT, codeChallenge: pkce.challenge });
    const tokens = await oauth.exchangeCode(code, pkce.verifier);
    expect(tokens.accessToken).toMatch(/^pc-access-/);
    expect(tokens.expiresAt.getTime() - Date.now()).toBeGreaterThan(5300_000);
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grantType: 'authorization_code', contentType: 'application/x-www-form-urlencoded', ok: true });
    await expect(oauth.exchangeCode(code, pkce.verifier)).rejects.toMatchObject({ oauthError: 'invalid_grant' });
  });

  it('is refused with the wrong verifier, and the error quotes neither code nor secret', async () => {
    const pkce = createPkcePair();
    const code = fake.issueCode({ redirectUri: REDIRECT, codeChallenge: pkce.challenge });
    const err = (await oauth.exchangeCode(code, createPkcePair().verifier).catch((e: unknown) => e)) as ProcoreAuthError;
    expect(err).toBeInstanceOf(ProcoreAuthError);
    expect(err.message).toBe('Procore refused the authorization code (invalid_grant)');
    expect(`${err.message}${err.stack}`).not.toContain(code);
    expect(`${err.message}${err.stack}`).not.toContain(fake.client.clientSecret);
  });

  it('refuses an expired code', async () => {
    fake.codeTtlMs = -1;
    try {
      const code = fake.issueCode({ redirectUri: REDIRECT });
      await expect(oauth.exchangeCode(code, 'v')).rejects.toBeInstanceOf(ProcoreAuthError);
    } finally {
      fake.codeTtlMs = 600_000;
    }
  });

  it('refreshes with rotation: the old refresh token is dead at once', async () => {
    const first = await oauth.exchangeCode(fake.issueCode({ redirectUri: REDIRECT }), 'unused');
    const second = await oauth.refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await expect(oauth.refresh(first.refreshToken)).rejects.toMatchObject({ oauthError: 'invalid_grant' });
    await expect(oauth.refresh(second.refreshToken)).resolves.toMatchObject({ accessToken: expect.stringMatching(/^pc-access-/) });
  });

  it('revokes, and Procore answers 200 even for a token it does not know', async () => {
    await expect(oauth.revoke('not-a-token')).resolves.toBeUndefined();
    expect(fake.revoked).toContain('not-a-token');
  });

  it('is refused with the wrong client secret', async () => {
    const wrong = createProcoreOAuth({ clientId: fake.client.clientId, clientSecret: 'wrong', redirectUri: REDIRECT, loginUrl: fake.baseUrl });
    await expect(wrong.exchangeCode(fake.issueCode({ redirectUri: REDIRECT }), 'v')).rejects.toMatchObject({
      oauthError: 'invalid_client',
      status: 401,
    });
  });
});

describe('the fake token endpoint', () => {
  let fake: FakeProcore;
  beforeAll(async () => {
    fake = await new FakeProcore().start();
  });
  afterAll(() => fake.stop());

  it('accepts JSON and multipart bodies as well as forms', async () => {
    const fields = {
      grant_type: 'authorization_code',
      client_id: fake.client.clientId,
      client_secret: fake.client.clientSecret,
      redirect_uri: REDIRECT,
    };
    const json = await fetch(`${fake.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, code: fake.issueCode({ redirectUri: REDIRECT }) }),
    });
    expect(json.status).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields, code: fake.issueCode({ redirectUri: REDIRECT }) })) form.set(k, v);
    const multipart = await fetch(`${fake.baseUrl}/oauth/token`, { method: 'POST', body: form });
    expect(multipart.status).toBe(200);
    expect(((await multipart.json()) as { token_type: string }).token_type).toBe('bearer');
  });

  it('redirects the authorize URL back with a code and the state', async () => {
    const url = `${fake.baseUrl}/oauth/authorize?response_type=code&client_id=${fake.client.clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s1`;
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('s1');
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
  });
});
