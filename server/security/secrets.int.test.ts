import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAI } from '../test/fake-openai';
import { FakeProcore } from '../test/fake-procore';
import { startIssuerApp, TEST_AUDIENCE, type IssuerApp } from '../test/issuer-app';
const LLM_KEY = 'sk-live-ThisIsTheModelKeyThatMustNeverShow-0123456789';
const KAI_SECRET = 'cookie-signing-secret-that-must-never-show-0123456789';

/**
 * Secrets from the configuration and the caller's own bearer token never appear in a response
 * or a log line, even when a model server echoes the key back in its error (OpenAI's 401 names
 * part of it) and when requests fail.
 */
describe('secrets stay out of responses and logs', () => {
  let model: FakeOpenAI;
  let procore: FakeProcore;
  let kai: IssuerApp;

  beforeAll(async () => {
    model = await new FakeOpenAI().start();
    procore = await new FakeProcore().start();
    kai = await startIssuerApp('pglite', {
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: LLM_KEY,
      LLM_MAX_RETRIES: '0',
      KAI_SECRET,
      LOG_LEVEL: 'trace',
      PROCORE_CLIENT_ID: procore.client.clientId,
      PROCORE_CLIENT_SECRET: procore.client.clientSecret,
      PROCORE_LOGIN_URL: procore.baseUrl,
      PROCORE_API_URL: procore.baseUrl,
    });
  });
  afterAll(async () => {
    await kai.close();
    await model.stop();
    await procore.stop();
  });

  it('keeps the model key, the instance secret and bearer tokens out of every answer and log line', async () => {
    const token = await kai.issuer.sign({ sub: 'clerk', aud: TEST_AUDIENCE });
    const headers = { authorization: `Bearer ${token}` };
    model.reply(
      { kind: 'status', status: 401, message: `Incorrect API key provided: ${LLM_KEY}` },
      { kind: 'status', status: 500, message: `upstream failed for key ${LLM_KEY}` },
    );

    const bodies: string[] = [];
    for (const request of [
      { method: 'POST' as const, url: '/api/chat', payload: { message: 'What is retainage?', source: 'structure' } },
      { method: 'POST' as const, url: '/api/chat', payload: { message: 'And joint checks?', source: 'structure' } },
      { method: 'GET' as const, url: '/api/app/config' },
      { method: 'GET' as const, url: '/api/auth/config' },
      { method: 'GET' as const, url: '/api/user/current' },
      { method: 'GET' as const, url: '/api/chat/1/messages' },
      { method: 'GET' as const, url: `/api/documents?token=${token}` },
      { method: 'POST' as const, url: '/api/user/sync', payload: '{"auth0Id": ' },
    ]) {
      const res = await kai.app.inject({
        ...request,
        headers: { ...headers, ...(typeof request.payload === 'string' ? { 'content-type': 'application/json' } : {}) },
      });
      expect(res.statusCode, request.url).toBeLessThan(500);
      bodies.push(JSON.stringify(res.headers) + res.body);
    }
    // The model failures were answered, in words that say what happened.
    expect(bodies[0]).toContain('refused KAI');
    expect(model.requests.length).toBe(2);

    for (const text of [...bodies, kai.logText()]) {
      expect(text).not.toContain(LLM_KEY);
      expect(text).not.toContain(LLM_KEY.slice(10, 30));
      expect(text).not.toContain(KAI_SECRET);
      expect(text).not.toContain(token);
    }
  });

  it('keeps the Procore client secret and Procore tokens out of every answer and log line', async () => {
    const headers = await kai.bearer('site-manager');
    const bodies: string[] = [];
    const send = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await kai.app.inject({ method, url, payload, headers });
      bodies.push(JSON.stringify(res.headers) + res.body);
      return res;
    };
    const { authUrl } = (await send('GET', '/api/procore/auth-url')).json() as { authUrl: string };
    const refused = await send('POST', '/api/procore/authenticate', { code: 'a-code-procore-never-issued', state: procore.approve(authUrl).state });
    expect(refused.statusCode).toBe(400);
    const approved = procore.approve((await send('GET', '/api/procore/auth-url')).json().authUrl);
    expect((await send('POST', '/api/procore/authenticate', approved)).statusCode).toBe(200);
    await send('POST', '/api/chat', { message: 'Which subcontracts on the Riverside project are over 90% paid?', source: 'procore' });
    await send('GET', '/api/procore/status');
    await send('POST', '/api/procore/disconnect');
    expect(procore.issuedTokens.length).toBeGreaterThan(0);
    for (const text of [...bodies, kai.logText()]) {
      expect(text).not.toContain(procore.client.clientSecret);
      expect(text).not.toContain(approved.code);
      for (const token of procore.issuedTokens) expect(text).not.toContain(token);
    }
  });
});
