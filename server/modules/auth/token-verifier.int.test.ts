import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { DEV_ACCESS_TOKEN } from '@contract/auth';
import { createTokenVerifier, localKeys } from './token-verifier';

const AUDIENCE = 'https://kai.example.com/api';

describe('access tokens from an external OpenID Provider', () => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let logText: () => string;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase('pglite');
    ({ app, logText } = await buildTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa-client',
      OIDC_AUDIENCE: AUDIENCE,
      OIDC_ROLES_CLAIM: 'https://kai.example.com/roles',
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await issuer.stop();
  });

  const current = (token: string) => app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${token}` } });

  const expectRejected = async (token: string) => {
    const res = await current(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toMatch(/invalid_token|missing_token/);
  };

  it('accepts an RS256 token and creates the user keyed by issuer and subject', async () => {
    const res = await current(await issuer.sign({ sub: 'auth0|alice', aud: AUDIENCE, email: 'alice@example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ auth0Id: 'auth0|alice', email: 'alice@example.com', role: 'user', isDev: false });
  });

  it('accepts an ES256 token and an audience array that contains the API', async () => {
    const token = await issuer.sign({ sub: 'auth0|bob', aud: [AUDIENCE, `${issuer.issuer}/userinfo`] }, { key: issuer.key('ES256') });
    expect((await current(token)).statusCode).toBe(200);
  });

  it('allows 60 seconds of clock skew on exp and nbf', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await current(await issuer.sign({ sub: 'skew', aud: AUDIENCE, nbf: now + 30 }, { expiresIn: now - 30 }))).statusCode).toBe(200);
  });

  it('reads roles from the configured claim', async () => {
    const token = await issuer.sign({ sub: 'auth0|admin', aud: AUDIENCE, 'https://kai.example.com/roles': ['admin'] });
    expect((await current(token)).json().role).toBe('admin');
  });

  it('rejects alg none', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(JSON.stringify({ iss: issuer.issuer, sub: 'x', aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 }));
    await expectRejected(`${header}.${payload}.`);
  });

  it('rejects HS256 signed with the public key as the secret', async () => {
    const key = issuer.key('RS256');
    const secret = new TextEncoder().encode(JSON.stringify(key.publicJwk));
    const token = await new SignJWT({ sub: 'x', aud: AUDIENCE })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setIssuer(issuer.issuer)
      .setExpirationTime('1h')
      .sign(secret);
    await expectRejected(token);
  });

  it('rejects a token issued in the future (iat beyond the clock skew), and one with a non-numeric iat', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRejected(await issuer.sign({ sub: 'x', aud: AUDIENCE, iat: now + 3600 }));
    await expectRejected(await issuer.sign({ sub: 'x', aud: AUDIENCE, iat: 'soon' as unknown as number }));
    expect((await current(await issuer.sign({ sub: 'skew-iat', aud: AUDIENCE, iat: now + 30 }))).statusCode).toBe(200);
  });

  it('rejects a wrong issuer, a wrong audience, an expired token and a future nbf', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRejected(await issuer.sign({ sub: 'x', aud: AUDIENCE, iss: 'https://evil.example.com/' }));
    await expectRejected(await issuer.sign({ sub: 'x', aud: 'https://another-api' }));
    await expectRejected(await issuer.sign({ sub: 'x', aud: AUDIENCE }, { expiresIn: now - 120 }));
    await expectRejected(await issuer.sign({ sub: 'x', aud: AUDIENCE, nbf: now + 600 }));
  });

  it('rejects a key id that is not in the JWKS', async () => {
    const key = issuer.key('RS256');
    await expectRejected(await issuer.sign({ sub: 'x', aud: AUDIENCE }, { key: { ...key, kid: 'unknown-kid' } }));
  });

  it('rejects an ID token used as an access token', async () => {
    await expectRejected(await issuer.sign({ sub: 'x', aud: AUDIENCE, nonce: 'n-0S6_WzA2Mj', at_hash: 'abc' }));
  });

  it('rejects missing, malformed and garbage tokens with 401 and never logs them', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/user/current' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('missing_token');
    await expectRejected('not-a-jwt');
    await expectRejected('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
    const valid = await issuer.sign({ sub: 'auth0|logcheck', aud: AUDIENCE });
    await current(valid);
    expect(logText()).not.toContain(valid);
    expect(logText()).not.toContain('not-a-jwt');
  });

  it('checks a token once while it is valid, yet still rejects any altered copy of it', async () => {
    const jwks = localKeys({ keys: [issuer.key('RS256').publicJwk] });
    let keyLookups = 0;
    const verify = createTokenVerifier({ issuer: issuer.issuer, audience: AUDIENCE, keys: (header, token) => (keyLookups++, jwks(header, token)) });
    const token = await issuer.sign({ sub: 'auth0|carol', aud: AUDIENCE });
    for (let i = 0; i < 3; i++) expect((await verify(token)).subject).toBe('auth0|carol');
    expect(keyLookups).toBe(1);

    const [header, payload, signature] = token.split('.');
    const forged = { ...JSON.parse(new TextDecoder().decode(base64url.decode(payload))), sub: 'auth0|mallory' };
    await expect(verify([header, base64url.encode(JSON.stringify(forged)), signature].join('.'))).rejects.toThrow('not valid');
    await expectRejected([header, base64url.encode(JSON.stringify(forged)), signature].join('.'));
  });

  it('rejects the development token when dev mode is off', async () => {
    await expectRejected(DEV_ACCESS_TOKEN);
  });

  it('follows key rotation: a new kid is fetched from the JWKS', async () => {
    const rotated = await issuer.addKey('RS256');
    const before = issuer.jwksRequests;
    const realNow = Date.now();
    // jose refetches on an unknown kid once its 30 s cooldown has passed.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(realNow + 31_000);
    try {
      const res = await current(await issuer.sign({ sub: 'auth0|rotated', aud: AUDIENCE }, { key: rotated }));
      expect(res.statusCode).toBe(200);
      expect(issuer.jwksRequests).toBeGreaterThan(before);
    } finally {
      clock.mockRestore();
    }
  });
});
