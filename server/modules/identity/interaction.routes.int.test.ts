import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startApp, type RunningApp } from '../../test/identity-app';
import { formAction, pkcePair, TestBrowser } from '../../test/browser';

let running: RunningApp;

beforeAll(async () => {
  running = await startApp({ KAI_AUTH_RATE_LIMIT: '2' });
});
afterAll(async () => {
  await running?.close();
});

async function loginPage(browser: TestBrowser) {
  const query = new URLSearchParams({
    client_id: 'kai-web',
    response_type: 'code',
    redirect_uri: `${running.baseUrl}/`,
    scope: 'openid profile email',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    prompt: 'login',
  });
  const { response } = await browser.follow(await browser.request(`/oidc/auth?${query}`), `${running.baseUrl}/?`);
  return { response, html: await response.text() };
}

describe('sign-in pages', () => {
  it('serve the form with the app security headers and no caching', async () => {
    const { response, html } = await loginPage(new TestBrowser(running.baseUrl));
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<button type="submit">Sign in</button>');
  });

  it('say the sign-in expired when the interaction cookie is missing', async () => {
    const { html } = await loginPage(new TestBrowser(running.baseUrl));
    const response = await new TestBrowser(running.baseUrl).postForm(formAction(html), { email: ADMIN_EMAIL, password: 'x' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Sign-in expired');
  });

  it('rate-limit password attempts and token requests', async () => {
    const browser = new TestBrowser(running.baseUrl);
    const { html } = await loginPage(browser);
    const attempt = () => browser.postForm(formAction(html), { email: ADMIN_EMAIL, password: 'wrong-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    // The limit is 2 a minute per address; earlier tests may have used part of it.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2);
    expect(statuses.at(-1)).toBe(429);
    expect(await (await attempt()).text()).toContain('Too many attempts');

    const token = async () =>
      (
        await fetch(`${running.baseUrl}/oidc/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=refresh_token&refresh_token=x&client_id=kai-web',
        })
      ).status;
    expect([await token(), await token(), await token()]).toEqual([400, 400, 429]);
  });

  it('rate-limit invitation pages the same way', async () => {
    const post = () => new TestBrowser(running.baseUrl).postForm(`/invite/${'B'.repeat(43)}`, { password: 'a-password', confirmation: 'a-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post()).status);
    expect(statuses).toEqual([404, 404, 429]);
    expect(await (await post()).text()).toContain('Too many attempts');
  });
});
