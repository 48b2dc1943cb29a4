import { randomBytes } from 'node:crypto';
import { formAction, pkcePair, TestBrowser } from './browser';

export interface SignInStart {
  html: string;
  verifier: string;
  state: string;
}

export interface SignedIn {
  browser: TestBrowser;
  tokens: { access_token: string; refresh_token: string; id_token: string };
}

/**
 * The built-in provider's code flow with PKCE, step by step over real HTTP as the web app runs
 * it, against the app at `baseUrl`. Steps throw when the flow goes another way than expected.
 */
export function signInFlow(baseUrl: string) {
  const appUrl = `${baseUrl}/`;

  const tokenRequest = async (fields: Record<string, string>) => {
    const response = await fetch(`${baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, string> };
  };

  /** Opens the authorization endpoint and follows it to the sign-in page. */
  const startSignIn = async (browser: TestBrowser): Promise<SignInStart> => {
    const { verifier, challenge } = pkcePair();
    const state = randomBytes(8).toString('hex');
    const query = new URLSearchParams({
      client_id: 'kai-web',
      response_type: 'code',
      redirect_uri: appUrl,
      scope: 'openid profile email offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce: randomBytes(8).toString('hex'),
      prompt: 'login',
    });
    const { response } = await browser.follow(await browser.request(`/oidc/auth?${query}`), `${appUrl}?`);
    if (response.status !== 200) throw new Error(`the sign-in page answered ${response.status}`);
    return { html: await response.text(), verifier, state };
  };

  /** Follows a form's answer back to the app and trades the code for tokens. */
  const finishSignIn = async (browser: TestBrowser, posted: Response, start: SignInStart): Promise<SignedIn> => {
    const { location } = await browser.follow(posted, `${appUrl}?`);
    if (!location) throw new Error(`the sign-in did not return to the app (${posted.status})`);
    const params = new URL(location).searchParams;
    if (params.get('state') !== start.state) throw new Error('the state came back changed');
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code: params.get('code') ?? '',
      redirect_uri: appUrl,
      code_verifier: start.verifier,
      client_id: 'kai-web',
    });
    if (tokens.status !== 200) throw new Error(`the token endpoint answered ${tokens.status}`);
    return { browser, tokens: tokens.body as unknown as SignedIn['tokens'] };
  };

  const signIn = async (email: string, password: string): Promise<SignedIn> => {
    const browser = new TestBrowser(baseUrl);
    const start = await startSignIn(browser);
    const posted = await browser.postForm(formAction(start.html), { email, password }, { origin: baseUrl });
    return finishSignIn(browser, posted, start);
  };

  const refresh = (refreshToken: string) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'kai-web' });

  return { appUrl, tokenRequest, startSignIn, finishSignIn, signIn, refresh };
}

/** Signs in at `baseUrl` through the built-in provider; returns a caller of its API that answers JSON or throws. */
export async function signedInCaller(baseUrl: string, email: string, password: string) {
  const { tokens } = await signInFlow(baseUrl).signIn(email, password);
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
}
