import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltinIdentityConfig } from '../../config';
import { accounts } from '../../db/schema';
import { mintAccessToken } from './access-token';
import { createAccountsRepository } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import { accountsServiceOn, ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type RunningApp } from '../../test/identity-app';
import { decodeJwtPart, formAction, TestBrowser } from '../../test/browser';
import { signInFlow } from '../../test/sign-in';

let running: RunningApp;
let service: AccountsService;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  running = await startApp({ LOG_LEVEL: 'debug' }, logStream);
  service = accountsServiceOn(running.database.db);
});

afterAll(async () => {
  await running?.close();
});

const flow = () => signInFlow(running.baseUrl);
const appUrl = () => flow().appUrl;
const startSignIn = (browser: TestBrowser) => flow().startSignIn(browser);
const signIn = (email: string, password: string) => flow().signIn(email, password);
const refresh = (refreshToken: string) => flow().refresh(refreshToken);

const currentUser = (accessToken: string) => fetch(`${running.baseUrl}/api/user/current`, { headers: { authorization: `Bearer ${accessToken}` } });

describe('built-in OpenID Provider', () => {
  it('keeps passwords and tokens out of the log', async () => {
    const { tokens } = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const refreshed = await refresh(tokens.refresh_token);
    await currentUser(refreshed.body.access_token);
    const log = logLines.join('');
    expect(log).toContain('/api/user/current');
    for (const secret of [ADMIN_PASSWORD, tokens.access_token, tokens.refresh_token, tokens.id_token, refreshed.body.refresh_token]) {
      expect(log).not.toContain(secret);
    }
  });

  it('publishes discovery with every endpoint under /oidc', async () => {
    const response = await fetch(`${running.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Record<string, string>;
    const issuer = `${running.baseUrl}/oidc`;
    expect(doc.issuer).toBe(issuer);
    expect(doc.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(doc.token_endpoint).toBe(`${issuer}/token`);
    expect(doc.jwks_uri).toBe(`${issuer}/jwks`);
    expect(doc.end_session_endpoint).toBe(`${issuer}/session/end`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = (await (await fetch(doc.jwks_uri)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('renders a sign-in page without inline script', async () => {
    const browser = new TestBrowser(running.baseUrl);
    const { html } = await startSignIn(browser);
    expect(html).toContain('Sign in to KAI');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/autocomplete="current-password"/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });

  it('signs in with a code flow and PKCE, and the API accepts the access token', async () => {
    const { tokens } = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(tokens.refresh_token).toBeTruthy();
    expect(decodeJwtPart(tokens.access_token, 0)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    expect(decodeJwtPart(tokens.access_token, 1)).toMatchObject({
      iss: running.config.identity.issuer,
      aud: running.config.identity.audience,
      client_id: 'kai-web',
      email: ADMIN_EMAIL,
      roles: ['admin'],
    });
    expect(decodeJwtPart(tokens.id_token, 1)).toMatchObject({ email: ADMIN_EMAIL, name: 'Admin', aud: 'kai-web' });

    const response = await currentUser(tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: ADMIN_EMAIL, role: 'admin', isDev: false });
  });

  it('rotates refresh tokens and refuses a used one', async () => {
    const { tokens } = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwtPart(first.body.access_token, 1).aud).toBe(running.config.identity.audience);
    expect((await currentUser(first.body.access_token)).status).toBe(200);

    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('answers the token endpoint with CORS for the app origin only', async () => {
    const ours = await refresh('unknown');
    expect(ours.headers.get('access-control-allow-origin')).toBe(running.baseUrl);
    const other = await fetch(`${running.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'kai-web' }).toString(),
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('shows one error for a wrong password, keeps the email, and issues no code', async () => {
    const browser = new TestBrowser(running.baseUrl);
    const { html } = await startSignIn(browser);
    const response = await browser.postForm(formAction(html), { email: ADMIN_EMAIL, password: 'wrong-password' }, { origin: running.baseUrl });
    expect(response.status).toBe(401);
    expect(response.headers.get('location')).toBeNull();
    const page = await response.text();
    expect(page).toContain('Invalid email or password.');
    expect(page).toContain(`value="${ADMIN_EMAIL}"`);

    const unknown = await browser.postForm(formAction(html), { email: 'nobody@example.test', password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('Invalid email or password.');
  });

  it('refuses a sign-in form posted from another origin', async () => {
    const browser = new TestBrowser(running.baseUrl);
    const { html } = await startSignIn(browser);
    const response = await browser.postForm(formAction(html), { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('cuts off a disabled account: its access token and refresh token stop working', async () => {
    await service.add({ email: 'Worker@Example.test ', name: 'Wanda Worker', password: 'worker-password' });
    const { tokens } = await signIn('worker@example.test', 'worker-password');
    expect(decodeJwtPart(tokens.access_token, 1)).toMatchObject({ roles: ['user'], name: 'Wanda Worker' });
    expect((await currentUser(tokens.access_token)).status).toBe(200);

    await service.setDisabled('worker@example.test', true);
    expect((await currentUser(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');

    const browser = new TestBrowser(running.baseUrl);
    const { html } = await startSignIn(browser);
    const again = await browser.postForm(formAction(html), { email: 'worker@example.test', password: 'worker-password' });
    expect(again.status).toBe(401);
  });

  it('refuses a refresh once the account is disabled, even with its grant still stored', async () => {
    const { account } = await service.add({ email: 'quiet@example.test', password: 'quiet-password' });
    const { tokens } = await signIn('quiet@example.test', 'quiet-password');
    // Only the account row changes: the provider's findAccount must refuse on its own.
    await createAccountsRepository(running.database.db).changeKeepingOneAdmin(account.id, { disabled: true });
    const response = await refresh(tokens.refresh_token);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
  });

  it('sends the user back to the app with access_denied when sign-in is cancelled', async () => {
    const browser = new TestBrowser(running.baseUrl);
    const { html, state } = await startSignIn(browser);
    const { location } = await browser.follow(await browser.postForm(formAction(html, 1), {}), `${appUrl()}?`);
    const params = new URL(location!).searchParams;
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe(state);
    expect(params.get('code')).toBeNull();
  });

  it('accepts a minted CLI token at the API', async () => {
    const { token } = await mintAccessToken(running.database.db, running.config.identity as BuiltinIdentityConfig, ADMIN_EMAIL, 600);
    expect(decodeJwtPart(token, 0)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const response = await currentUser(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: ADMIN_EMAIL, role: 'admin' });
  });

  it('stores scrypt hashes, never the password', async () => {
    const [row] = await running.database.db.select().from(accounts).where(eq(accounts.email, ADMIN_EMAIL));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(ADMIN_PASSWORD);
  });

  it('signs out with one click through a same-origin script, and ends the refresh token', async () => {
    const { browser, tokens } = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const query = new URLSearchParams({ client_id: 'kai-web', post_logout_redirect_uri: appUrl(), id_token_hint: tokens.id_token });
    const page = await browser.request(`/oidc/session/end?${query}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('Sign out of KAI');
    expect(html).toContain('<script src="/oidc/assets/logout.js" defer></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect((await browser.request('/oidc/assets/logout.js')).status).toBe(200);

    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1];
    const done = await browser.postForm(formAction(html), { xsrf: xsrf!, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(appUrl());
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('renders provider errors as a styled page without internals', async () => {
    const response = await fetch(`${running.baseUrl}/oidc/auth?client_id=nope&response_type=code`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Sign-in problem');
    expect(html).toContain('KAI');
  });
});
