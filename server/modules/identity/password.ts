import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes are self-describing (`scrypt$N$r$p$salt$hash`, base64 parts) so the cost can be
 * raised later without breaking stored hashes.
 */
const COST = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_N = 1 << 20;
export const MIN_PASSWORD_LENGTH = 8;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  // Refuse parameters that would let a tampered row burn CPU or memory.
  if (!Number.isInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) return false;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password: checked against when the email is unknown, so both cases take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('base64'));
  return decoy;
}

/** 18 random bytes, base64url: 24 characters a person can copy from a terminal. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 1024) return 'The password is too long';
  return undefined;
}
