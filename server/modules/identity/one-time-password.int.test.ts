import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  service = accountsServiceOn(running.database.db, running.config.identity.issuer);
});
afterAll(async () => {
  await running?.close();
});

const flow = () => signInFlow(running.baseUrl);

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
    await createAccountsRepository(running.database.db).setPasswordHash(account.id, await hashPassword('tess-one-time-pw'), true);
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
});
