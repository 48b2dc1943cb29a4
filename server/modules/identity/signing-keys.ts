import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type { InstanceSettingsRepository } from './instance-settings.repository';

const JWKS_KEY = 'oidc.jwks';
const COOKIE_KEYS_KEY = 'oidc.cookie-keys';
const PUBLIC_RSA_FIELDS = ['kty', 'kid', 'use', 'alg', 'n', 'e'] as const;

export interface SigningKeys {
  /** Private keys, for oidc-provider and for minting tokens. Never leaves the server. */
  privateJwks: { keys: JWK[] };
  publicJwks: JSONWebKeySet;
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', alg: 'RS256' };
}

function publicPart(jwk: JWK): JWK {
  return Object.fromEntries(PUBLIC_RSA_FIELDS.filter((f) => jwk[f] !== undefined).map((f) => [f, jwk[f]])) as JWK;
}

/** The installation's signing key, generated on first start and shared by every instance. */
export async function loadSigningKeys(settings: InstanceSettingsRepository): Promise<SigningKeys> {
  const privateJwks = await settings.readOrCreate(JWKS_KEY, async () => ({ keys: [await generateSigningKey()] }));
  return { privateJwks, publicJwks: { keys: privateJwks.keys.map(publicPart) } };
}

/** KAI_SECRET when set; otherwise a random secret generated once per data store. */
export async function loadCookieKeys(settings: InstanceSettingsRepository, secret: string | undefined): Promise<string[]> {
  if (secret) return [secret];
  return settings.readOrCreate(COOKIE_KEYS_KEY, () => [randomBytes(32).toString('base64url')]);
}
