/**
 * Procore tokens at rest: AES-256-GCM, a random 12-byte IV per value, stored as
 * `v1:<iv>:<tag>:<ciphertext>` (base64). The version prefix lets the scheme change later.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface TokenCipher {
  encrypt(plain: string): string;
  /** Throws when the value was not written with this key (the key changed, or the row was tampered with). */
  decrypt(stored: string): string;
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The token key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, data] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a stored token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

const GENERATED_SECRET_KEY = 'procore.token-secret';

/**
 * The key: KAI_ENCRYPTION_KEY when set (required in production). Otherwise one derived with HKDF
 * from KAI_SECRET, or from a random secret generated once per data store, so that development
 * and tests work without setup and every instance sharing the database derives the same key.
 * Changing the source key makes stored connections unreadable: users connect again.
 */
export async function loadTokenKey(options: {
  configuredKey?: Buffer;
  secret?: string;
  readOrCreate(key: string, create: () => string): Promise<string>;
}): Promise<Buffer> {
  if (options.configuredKey) return options.configuredKey;
  const secret = options.secret ?? (await options.readOrCreate(GENERATED_SECRET_KEY, () => randomBytes(32).toString('base64url')));
  return Buffer.from(hkdfSync('sha256', secret, 'kai', 'procore-tokens-v1', 32));
}
