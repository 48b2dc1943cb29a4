import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { UnauthorizedError } from '../../errors';

/** Only these algorithms are accepted: never `none`, never HMAC (a public key used as an HMAC secret). */
const ALLOWED_ALGORITHMS = ['RS256', 'ES256'];
const CLOCK_TOLERANCE_SECONDS = 60;
/**
 * A client sends the same token with every request until it expires; its signature and claims
 * are checked once, then remembered until `exp` (at most this long). Only the exact token
 * string that passed is remembered, so any altered copy is checked afresh.
 */
const REMEMBER_VERIFIED_MS = 5 * 60_000;
const REMEMBERED_TOKENS = 10_000;

interface VerifiedToken {
  issuer: string;
  subject: string;
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export interface VerifierOptions {
  issuer: string;
  /**
   * The issuer users are keyed by, when it is not `issuer`: the built-in provider's URL follows the
   * instance's address, its accounts keep one key wherever it moves (decision 038).
   */
  keyedAs?: string;
  audience: string;
  keys: JWTVerifyGetKey;
  /** RFC 9068 access tokens carry `typ: at+jwt`; require it where the issuer is known to set it. */
  requiredType?: string;
}

export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  const verify = verifySignatureAndClaims(options);
  const verified = new LRUCache<string, VerifiedToken>({ max: REMEMBERED_TOKENS, ttl: REMEMBER_VERIFIED_MS });
  return async (token) => {
    const remembered = verified.get(token);
    if (remembered) return remembered;
    const result = await verify(token);
    const untilExpiry = (result.claims.exp ?? 0) * 1000 - Date.now();
    if (untilExpiry > 0) verified.set(token, result, { ttl: Math.min(untilExpiry, REMEMBER_VERIFIED_MS) });
    return result;
  };
}

function verifySignatureAndClaims(options: VerifierOptions): TokenVerifier {
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        typ: options.requiredType,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (err) {
      throw new UnauthorizedError(describeFailure(err), 'invalid_token');
    }
    // jose checks exp and nbf; a token "issued" later than now is forged or from a broken clock.
    if (payload.iat !== undefined && payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) {
      throw new UnauthorizedError('The access token was issued in the future', 'invalid_token');
    }
    // An ID token is for the client, not for our API, even when its audience happens to match.
    if ('nonce' in payload || 'at_hash' in payload || 'c_hash' in payload) {
      throw new UnauthorizedError('An ID token cannot be used as an access token', 'invalid_token');
    }
    return { issuer: options.keyedAs ?? options.issuer, subject: payload.sub as string, claims: payload };
  };
}

function describeFailure(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'The access token has expired';
  if (err instanceof errors.JWTClaimValidationFailed) return `The access token was rejected (${err.claim})`;
  if (err instanceof errors.JWKSNoMatchingKey) return 'The access token was signed with an unknown key';
  return 'The access token is not valid';
}

export function localKeys(jwks: JSONWebKeySet): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}

/**
 * Keys of an external issuer: the discovery document names the JWKS; jose caches it and
 * refetches when a token names a `kid` it has not seen (key rotation), at most every 30 s.
 */
export function remoteKeys(issuer: string, fetchImpl: typeof fetch = fetch): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`discovery document answered ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: string; issuer?: string };
    if (!doc.jwks_uri) throw new Error('discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(doc.jwks_uri), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  };
  return async (header, token) => {
    keySet ??= load().catch((err) => {
      keySet = undefined; // try discovery again on the next request
      throw err;
    });
    return (await keySet)(header, token);
  };
}
