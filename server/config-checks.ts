/**
 * What a production start refuses: missing or placeholder secrets, secrets a person typed by
 * leaning on one key, keys of zeros, and plain http for the addresses tokens and sign-in travel
 * through (issue 27, finding 12). config.ts and integrations-config.ts share them.
 */

export class ConfigError extends Error {}

const PLACEHOLDER = /^(change[-_ ]?me.*|changeit|secret|password|placeholder|todo|xxx+|example.*|<.*>|\$\{.*\}|test)$/i;

export function requireRealSecret(name: string, value: string | undefined, minLength = 32): void {
  if (!value) throw new ConfigError(`${name} is required when NODE_ENV=production`);
  if (PLACEHOLDER.test(value)) throw new ConfigError(`${name} is a placeholder value; set a real secret`);
  if (value.length < minLength) throw new ConfigError(`${name} must be at least ${minLength} characters`);
  if (name === 'KAI_SECRET' && isLowEntropy(value)) {
    throw new ConfigError('KAI_SECRET is too easy to guess (a repeated or patterned value); generate one with: openssl rand -hex 32');
  }
}

export function requireNoPlaceholderPassword(url: string): void {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    throw new ConfigError('DATABASE_URL is not a valid URL');
  }
  if (password && PLACEHOLDER.test(password)) {
    throw new ConfigError('DATABASE_URL contains a placeholder password; set a real one');
  }
}

/** Sign-in and tokens travel through these addresses: https, unless on this machine or the operator says otherwise. */
export function requireSecureAddresses(e: { KAI_PUBLIC_URL?: string; OIDC_ISSUER?: string; KAI_ALLOW_HTTP: boolean }): void {
  if (e.KAI_ALLOW_HTTP) return;
  for (const [name, url] of [
    ['KAI_PUBLIC_URL', e.KAI_PUBLIC_URL],
    ['OIDC_ISSUER', e.OIDC_ISSUER],
  ] as const) {
    if (url && isPlainHttpElsewhere(url)) {
      throw new ConfigError(
        `${name} must be an https:// address in production (set KAI_ALLOW_HTTP=true only on a private network where TLS is impossible)`,
      );
    }
  }
}

/**
 * Bits of surprise in `value` as a string of independent characters (Shannon entropy per character
 * times length). It overrates a long pattern, so the distinct-character floor below catches those.
 */
function shannonBits(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...value].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / length) * Math.log2(count / length);
  return perChar * length;
}

/** A secret of at least 128 bits as written and at least 10 distinct characters (a hex or base64 key passes; 'aaaa…' or 'abcabc…' does not). */
function isLowEntropy(value: string): boolean {
  return new Set(value).size < 10 || shannonBits(value) < 128;
}

/** A 32-byte key with fewer than 8 distinct byte values: zeros, a repeated byte or pattern, never a random key. */
export function isWeakKey(key: Buffer): boolean {
  return new Set(key).size < 8;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An http:// address other than this machine's own: tokens and sign-in would cross the network in
 * the clear. KAI_ALLOW_HTTP is the escape hatch for a private network where nothing else is
 * possible; behind a TLS-terminating proxy the public address is the proxy's https one.
 */
function isPlainHttpElsewhere(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && !LOOPBACK.has(parsed.hostname);
  } catch {
    return false;
  }
}
