import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type CryptoKey } from 'jose';

interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * A stand-in for an external OpenID Provider (Auth0, Entra, Keycloak, Okta) on 127.0.0.1:
 * discovery document and JWKS over real HTTP, plus a signer for access tokens.
 */
export class FakeIssuer {
  private server?: http.Server;
  private keys: SigningKey[] = [];
  issuer = '';
  jwksRequests = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      if (req.url === '/.well-known/openid-configuration') {
        return json(res, {
          issuer: this.issuer,
          jwks_uri: `${this.issuer}/jwks`,
          authorization_endpoint: `${this.issuer}/authorize`,
          token_endpoint: `${this.issuer}/oauth/token`,
        });
      }
      if (req.url === '/jwks') {
        this.jwksRequests += 1;
        return json(res, { keys: this.keys.map((k) => k.publicJwk) });
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    await this.addKey('RS256');
    await this.addKey('ES256');
    return this;
  }

  async addKey(alg: 'RS256' | 'ES256'): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const kid = `${alg.toLowerCase()}-${this.keys.length + 1}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
    const key = { kid, alg, privateKey, publicJwk };
    this.keys.push(key);
    return key;
  }

  key(alg: 'RS256' | 'ES256' = 'RS256'): SigningKey {
    const key = this.keys.findLast((k) => k.alg === alg);
    if (!key) throw new Error(`no ${alg} key`);
    return key;
  }

  /** A valid access token unless the overrides say otherwise. */
  async sign(claims: JWTPayload, options: { key?: SigningKey; header?: Record<string, unknown>; expiresIn?: string | number } = {}): Promise<string> {
    const key = options.key ?? this.key('RS256');
    const jwt = new SignJWT({ scope: 'openid profile email', ...claims })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT', ...options.header })
      .setIssuer((claims.iss as string) ?? this.issuer)
      .setExpirationTime(options.expiresIn ?? '1h');
    // A test's own iat (even a malformed one) is kept as given.
    if (!('iat' in claims)) jwt.setIssuedAt();
    return jwt.sign(key.privateKey);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function json(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
