import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('treats malformed or hostile stored values as a mismatch', async () => {
    const hash = await hashPassword('secret-enough');
    const parts = hash.split('$');
    expect(await verifyPassword('secret-enough', '')).toBe(false);
    expect(await verifyPassword('secret-enough', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('secret-enough', ['bcrypt', ...parts.slice(1)].join('$'))).toBe(false);
    expect(await verifyPassword('secret-enough', ['scrypt', String(1 << 24), ...parts.slice(2)].join('$'))).toBe(false);
    expect(await verifyPassword('secret-enough', [...parts.slice(0, 5), 'c2hvcnQ='].join('$'))).toBe(false);
  });

  it('generates long random passwords and flags short ones', () => {
    const password = generatePassword();
    expect(password).toHaveLength(24);
    expect(passwordProblem(password)).toBeUndefined();
    expect(passwordProblem('short')).toMatch(/at least 8/);
  });
});
