import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { createAccountsRepository } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import { hashPassword } from './password';
import { accountsServiceOn, startApp, type RunningApp } from '../../test/identity-app';
import { formAction, TestBrowser } from '../../test/browser';
import { signInFlow } from '../../test/sign-in';

let running: RunningApp;
let service: AccountsService;

beforeAll(async () => {
  running = await startApp();
  service = accountsServiceOn(running.database.db);
});
afterAll(async () => {
  await running?.close();
});

const flow = () => signInFlow(running.baseUrl);
const DAY_MS = 24 * 60 * 60_000;

/** Moves the account's clock past its one-time password's deadline: the stored deadline goes back, not time forward. */
async function expireOneTimePassword(accountId: string) {
  await running.database.db
    .update(accounts)
    .set({ passwordExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(accounts.id, accountId));
}

const storedAccount = async (email: string) => (await createAccountsRepository(running.database.db).findByEmail(email))!;

/** Signs in with a one-time password: the answer is the "Choose a new password" page. */
async function signInWithOneTimePassword(email: string, password: string) {
  const browser = new TestBrowser(running.baseUrl);
  const start = await flow().startSignIn(browser);
  const answer = await browser.postForm(formAction(start.html), { email, password }, { origin: running.baseUrl });
  const html = await answer.text();
  const choose = (fields: { password: string; confirmation: string }) => browser.postForm(formAction(html), fields, { origin: running.baseUrl });
  return { browser, start, answer, html, choose };
}

describe('a one-time password', () => {
  it('works for one sign-in, which asks for a new password before it finishes', async () => {
    const { generatedPassword } = await service.add({ email: 'otto@example.test', name: 'Otto Once' });
    const first = await signInWithOneTimePassword('otto@example.test', generatedPassword!);
    expect(first.answer.status).toBe(200);
    expect(first.answer.headers.get('location')).toBeNull();
    expect(first.html).toContain('<h1>Choose a new password</h1>');
    expect(first.html).toContain('value="otto@example.test"');
    expect(first.html).toMatch(/autocomplete="new-password"/);
    expect(formAction(first.html)).toMatch(/\/oidc\/interaction\/[^/]+\/password$/);

    for (const [fields, message] of [
      [{ password: 'my-own-password', confirmation: 'my-own-passw0rd' }, 'The two passwords do not match'],
      [{ password: 'short', confirmation: 'short' }, 'at least 8 characters'],
      [{ password: generatedPassword!, confirmation: generatedPassword! }, 'different from the one-time password'],
    ] as const) {
      const refused = await first.choose(fields);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }

    // Going back to the provider without a new password starts the sign-in over: no code for the app.
    const uid = formAction(first.html).split('/').at(-2)!;
    const skipped = await first.browser.follow(await first.browser.request(`/oidc/auth/${uid}`), `${flow().appUrl}?`);
    expect(skipped.location).toBeUndefined();
    expect(await skipped.response.text()).toContain('Sign in to KAI');

    const second = await signInWithOneTimePassword('otto@example.test', generatedPassword!);
    const saved = await second.choose({ password: 'otto-own-password', confirmation: 'otto-own-password' });
    const { tokens } = await flow().finishSignIn(second.browser, saved, second.start);
    const me = await fetch(`${running.baseUrl}/api/user/current`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await me.json()).toMatchObject({ email: 'otto@example.test' });

    const old = await signInWithOneTimePassword('otto@example.test', generatedPassword!);
    expect(old.answer.status).toBe(401);
    expect(old.html).toContain('Invalid email or password.');
    expect((await flow().signIn('otto@example.test', 'otto-own-password')).tokens.access_token).toBeTruthy();
  });

  it('comes back after a reset, while a password the operator gives stays as it is', async () => {
    await service.add({ email: 'rita@example.test', password: 'rita-given-password' });
    expect((await flow().signIn('rita@example.test', 'rita-given-password')).tokens.access_token).toBeTruthy();

    const { generatedPassword } = await service.resetPassword('rita@example.test');
    const reset = await signInWithOneTimePassword('rita@example.test', generatedPassword!);
    expect(reset.html).toContain('Choose a new password');

    await service.resetPassword('rita@example.test', 'rita-given-again');
    expect((await flow().signIn('rita@example.test', 'rita-given-again')).tokens.access_token).toBeTruthy();
  });

  it('refuses the new password when the account was reset again in between', async () => {
    const { generatedPassword } = await service.add({ email: 'sam@example.test' });
    const pending = await signInWithOneTimePassword('sam@example.test', generatedPassword!);
    await service.resetPassword('sam@example.test');
    const refused = await pending.choose({ password: 'sam-own-password', confirmation: 'sam-own-password' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('changed in the meantime');
  });

  it('gets no tokens while the change is pending, not even with a refresh token it already held', async () => {
    const { account } = await service.add({ email: 'tess@example.test', password: 'tess-given-password' });
    const { tokens } = await flow().signIn('tess@example.test', 'tess-given-password');
    // Only the flag changes, sessions stay: the provider itself must refuse.
    await createAccountsRepository(running.database.db).setPasswordHash(
      account.id,
      await hashPassword('tess-one-time-pw'),
      new Date(Date.now() + DAY_MS),
    );
    const refreshed = await flow().refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('refuses the new password from another origin', async () => {
    const { generatedPassword } = await service.add({ email: 'uma@example.test' });
    const pending = await signInWithOneTimePassword('uma@example.test', generatedPassword!);
    const response = await pending.browser.postForm(
      formAction(pending.html),
      { password: 'uma-own-password', confirmation: 'uma-own-password' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });

  it('expires after 7 days: refused at sign-in with a page that says so, while others hear only the usual answer', async () => {
    const { account, generatedPassword } = await service.add({ email: 'vera@example.test' });
    const validFor = account.passwordExpiresAt!.getTime() - Date.now();
    expect(validFor).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(validFor).toBeLessThanOrEqual(7 * DAY_MS);

    await expireOneTimePassword(account.id);
    const expired = await signInWithOneTimePassword('vera@example.test', generatedPassword!);
    expect(expired.answer.status).toBe(401);
    expect(expired.html).toContain('This one-time password has expired. Ask an administrator for a new one.');
    expect(expired.html).not.toContain('Choose a new password');

    // A wrong password for the account, or the expired one for an address without an account: nothing new to learn.
    for (const [email, password] of [
      ['vera@example.test', 'not-veras-password'],
      ['nobody@example.test', generatedPassword!],
    ] as const) {
      const other = await signInWithOneTimePassword(email, password);
      expect(other.answer.status).toBe(401);
      expect(other.html).toContain('Invalid email or password.');
      expect(other.html).not.toContain('expired');
    }

    // An administrator's reset gives a new one, with a new 7 days; choosing one's own ends the deadline.
    const { generatedPassword: fresh } = await service.resetPassword('vera@example.test');
    expect((await storedAccount('vera@example.test')).passwordExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    const again = await signInWithOneTimePassword('vera@example.test', fresh!);
    const saved = await again.choose({ password: 'vera-own-password', confirmation: 'vera-own-password' });
    expect((await flow().finishSignIn(again.browser, saved, again.start)).tokens.access_token).toBeTruthy();
    expect(await storedAccount('vera@example.test')).toMatchObject({ mustChangePassword: false, passwordExpiresAt: null });
  });

  it('is refused when it expires between the sign-in and the new password', async () => {
    const { account, generatedPassword } = await service.add({ email: 'walt@example.test' });
    const pending = await signInWithOneTimePassword('walt@example.test', generatedPassword!);
    expect(pending.html).toContain('Choose a new password');
    await expireOneTimePassword(account.id);
    const refused = await pending.choose({ password: 'walt-own-password', confirmation: 'walt-own-password' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This one-time password has expired. Ask an administrator for a new one.');
    expect(await storedAccount('walt@example.test')).toMatchObject({ mustChangePassword: true });
  });

  it('does not expire a password the operator gave', async () => {
    await service.add({ email: 'xena@example.test', password: 'xena-given-password' });
    expect((await storedAccount('xena@example.test')).passwordExpiresAt).toBeNull();
    await service.resetPassword('xena@example.test', 'xena-given-again');
    expect((await storedAccount('xena@example.test')).passwordExpiresAt).toBeNull();
  });
});
