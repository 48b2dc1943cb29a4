import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltinIdentityConfig } from '../../config';
import { accountInvitations } from '../../db/schema-features';
import { mintAccessToken } from './access-token';
import { ADMIN_EMAIL, startApp, type RunningApp } from '../../test/identity-app';
import { formAction, TestBrowser } from '../../test/browser';
import { signInFlow } from '../../test/sign-in';

let running: RunningApp;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  running = await startApp({ LOG_LEVEL: 'info' }, logStream);
});
afterAll(async () => {
  await running?.close();
});

/** The Administration API, called as the first administrator. */
async function admin(method: 'POST' | 'GET', path: string, body?: object) {
  const identity = running.config.identity as BuiltinIdentityConfig;
  const { token } = await mintAccessToken(running.database.db, identity, ADMIN_EMAIL, 600);
  const response = await fetch(`${running.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function invite(email: string): Promise<{ id: string; link: string }> {
  const added = await admin('POST', '/api/admin/users', { email, credential: 'invitation' });
  expect(added.status).toBe(201);
  return { id: added.body.user.id, link: added.body.invitationLink };
}

const setPassword = (link: string, fields: Record<string, string>, origin = running.baseUrl) =>
  new TestBrowser(running.baseUrl).postForm(link, fields, { origin });

describe('invitation links', () => {
  it('let the invited person set their password once, then sign in with it', async () => {
    const added = await admin('POST', '/api/admin/users', { email: 'ivy@example.test', name: 'Ivy Invited', credential: 'invitation' });
    expect(added.status).toBe(201);
    expect(added.body.oneTimePassword).toBeUndefined();
    const link: string = added.body.invitationLink;
    expect(link).toMatch(new RegExp(`^${running.baseUrl}/invite/[A-Za-z0-9_-]{43}$`));
    const days = (Date.parse(added.body.invitationExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<h1>Set your password</h1>');
    expect(html).toContain('value="ivy@example.test"');
    expect(new URL(formAction(html), link).href).toBe(link);

    expect((await setPassword(link, { password: 'ivy-own-password', confirmation: 'ivy-own-password' }, 'https://evil.example')).status).toBe(403);
    const mismatch = await setPassword(link, { password: 'ivy-own-password', confirmation: 'something-else' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('The two passwords do not match');

    const done = await setPassword(link, { password: 'ivy-own-password', confirmation: 'ivy-own-password' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Your password is set');
    const { tokens } = await signInFlow(running.baseUrl).signIn('ivy@example.test', 'ivy-own-password');
    expect(tokens.access_token).toBeTruthy();

    for (const again of [await fetch(link), await setPassword(link, { password: 'taken-over-pw', confirmation: 'taken-over-pw' })]) {
      expect(again.status).toBe(410);
      expect(await again.text()).toContain('already been used');
    }
    expect((await signInFlow(running.baseUrl).signIn('ivy@example.test', 'ivy-own-password')).tokens.access_token).toBeTruthy();
  });

  it('let only one of two posts at once set the password', async () => {
    const { link } = await invite('twin@example.test');
    const posts = ['twin-password-one', 'twin-password-two'].map((password) => setPassword(link, { password, confirmation: password }));
    const statuses = (await Promise.all(posts)).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 410]);
  });

  it('refuse unknown and expired links with a page that says so', async () => {
    const unknown = await fetch(`${running.baseUrl}/invite/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Invitation not valid');
    expect((await fetch(`${running.baseUrl}/invite/not-a-token`)).status).toBe(404);

    const { id, link } = await invite('eve@example.test');
    await running.database.db
      .update(accountInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountInvitations.accountId, id));
    const expired = await fetch(link);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This invitation link has expired');
    expect((await setPassword(link, { password: 'eve-own-password', confirmation: 'eve-own-password' })).status).toBe(410);
  });

  it('stop working when the account is disabled or a newer link or password replaces them', async () => {
    const { id, link } = await invite('dan@example.test');
    expect((await admin('POST', `/api/admin/users/${id}/disable`)).status).toBe(200);
    expect((await admin('POST', `/api/admin/users/${id}/invite`)).body.error.code).toBe('account_disabled');
    expect((await admin('POST', `/api/admin/users/${id}/enable`)).status).toBe(200);
    expect((await fetch(link)).status).toBe(404);

    const second = await admin('POST', `/api/admin/users/${id}/invite`);
    expect(second.status).toBe(200);
    const third = await admin('POST', `/api/admin/users/${id}/invite`);
    expect((await fetch(second.body.invitationLink)).status).toBe(404);
    expect((await fetch(third.body.invitationLink)).status).toBe(200);

    const reset = await admin('POST', `/api/admin/users/${id}/reset-password`);
    expect(reset.body.oneTimePassword).toBeTruthy();
    expect((await fetch(third.body.invitationLink)).status).toBe(404);
  });

  it('end the old password and sessions when sent as a reset', async () => {
    const added = await admin('POST', '/api/admin/users', { email: 'rob@example.test' });
    const flow = signInFlow(running.baseUrl);
    const browser = new TestBrowser(running.baseUrl);
    const start = await flow.startSignIn(browser);
    const choose = await browser.postForm(formAction(start.html), { email: 'rob@example.test', password: added.body.oneTimePassword });
    const saved = await browser.postForm(formAction(await choose.text()), { password: 'rob-own-password', confirmation: 'rob-own-password' });
    const { tokens } = await flow.finishSignIn(browser, saved, start);

    const sent = await admin('POST', `/api/admin/users/${added.body.user.id}/invite`);
    expect(sent.status).toBe(200);
    expect(sent.body.oneTimePassword).toBeUndefined();
    expect((await flow.refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
    const again = new TestBrowser(running.baseUrl);
    const page = await flow.startSignIn(again);
    expect((await again.postForm(formAction(page.html), { email: 'rob@example.test', password: 'rob-own-password' })).status).toBe(401);
  });

  it('keep the token out of the log', async () => {
    const { link } = await invite('lou@example.test');
    await fetch(link);
    await setPassword(link, { password: 'lou-own-password', confirmation: 'lou-own-password' });
    const token = link.split('/').at(-1)!;
    const log = logLines.join('');
    expect(log).toContain('/invite/redacted');
    expect(log).not.toContain(token);
    expect(log).not.toContain('lou-own-password');
  });
});
