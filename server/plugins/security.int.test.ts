import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssuerApp, type IssuerApp } from '../test/issuer-app';

describe('security headers and per-user rate limits', () => {
  let kai: IssuerApp;
  let app: IssuerApp['app'];

  beforeAll(async () => {
    kai = await startIssuerApp('pglite', { KAI_CHAT_RATE_LIMIT: '2', KAI_UPLOAD_RATE_LIMIT: '1', KAI_IMAGE_HOSTS: 'https://s.gravatar.com' });
    app = kai.app;
  });
  afterAll(() => kai.close());

  const headersFor = (sub: string) => kai.bearer(sub);
  const chat = async (sub: string) =>
    app.inject({ method: 'POST', url: '/api/chat', headers: await headersFor(sub), payload: { message: 'What is retainage?', source: 'structure' } });

  it('lets images come only from KAI itself and the configured hosts, not from any https host', async () => {
    const csp = String((await app.inject('/healthz')).headers['content-security-policy']);
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc?.trim().split(/\s+/)).toEqual(['img-src', "'self'", 'data:', 'blob:', 'https://s.gravatar.com']);
  });

  it('grants no other origin access to the API (no CORS headers, preflights refused)', async () => {
    const origin = 'https://evil.example.com';
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/chat',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    const read = await app.inject({ url: '/api/user/current', headers: { origin, ...(await headersFor('clerk-z')) } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it("limits chat answers per user, and one user's limit does not stop another", async () => {
    expect((await chat('clerk-a')).statusCode).toBe(200);
    expect((await chat('clerk-a')).statusCode).toBe(200);
    const limited = await chat('clerk-a');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await chat('clerk-b')).statusCode).toBe(200);
  });

  it('limits uploads per user before reading the body', async () => {
    const upload = async () =>
      app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...(await headersFor('clerk-c')), 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
    expect((await upload()).statusCode).not.toBe(429);
    expect((await upload()).statusCode).toBe(429);
  });

  it('asks an anonymous caller to sign in rather than counting it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/chat', payload: { message: 'hi' } });
    expect(res.statusCode).toBe(401);
  });
});
