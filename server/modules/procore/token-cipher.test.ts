import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, loadTokenKey } from './token-cipher';

describe('token cipher', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('stores v1:<iv>:<tag>:<ciphertext>, a fresh IV each time, and reads it back', () => {
    const a = cipher.encrypt('pc-access-secret');
    const b = cipher.encrypt('pc-access-secret');
    expect(a).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('pc-access-secret');
    expect(cipher.decrypt(a)).toBe('pc-access-secret');
  });

  it('refuses a tampered value or another key', () => {
    const stored = cipher.encrypt('token');
    const [v, iv, tag, data] = stored.split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] ^= 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(stored)).toThrow();
    expect(() => cipher.decrypt('plain-token')).toThrow();
  });

  it('uses the configured key, else derives one from the secret, else from a generated one', async () => {
    const configured = randomBytes(32);
    const never = async () => {
      throw new Error('not expected');
    };
    expect(await loadTokenKey({ configuredKey: configured, readOrCreate: never })).toBe(configured);
    const fromSecret = await loadTokenKey({ secret: 'instance-secret', readOrCreate: never });
    expect(fromSecret).toHaveLength(32);
    expect(await loadTokenKey({ secret: 'instance-secret', readOrCreate: never })).toEqual(fromSecret);
    const stored = new Map<string, string>();
    const readOrCreate = async (key: string, create: () => string) => stored.get(key) ?? (stored.set(key, create()), stored.get(key)!);
    const generated = await loadTokenKey({ readOrCreate });
    expect(await loadTokenKey({ readOrCreate })).toEqual(generated);
    expect(generated).not.toEqual(fromSecret);
  });
});
