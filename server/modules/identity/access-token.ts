import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { importJWK, SignJWT } from 'jose';
import type { BuiltinIdentityConfig } from '../../config';
import type { Database } from '../../db/client';
import { NotFoundError, ValidationError } from '../../errors';
import type { SubjectStatus } from '../auth/auth.plugin';
import { createAccountsRepository, normalizeEmail, type AccountRow } from './accounts.repository';
import { displayName } from './accounts.service';
import { createInstanceSettingsRepository } from './instance-settings.repository';
import { API_SCOPES } from './scopes';
import { loadSigningKeys } from './signing-keys';

export const MAX_MINTED_TTL_SECONDS = 24 * 60 * 60;

/**
 * The last second whose tokens a reset revoked. `iat` has whole seconds, so a token of that very
 * second may predate the reset: it is refused too, and new tokens wait for the next second.
 */
const revokedUpTo = (account: AccountRow): number | undefined =>
  account.tokensValidAfter ? Math.floor(account.tokensValidAfter.getTime() / 1000) : undefined;

/** Whether an access token issued at `issuedAt` (seconds) still speaks for this local account. */
export function tokenStatus(account: AccountRow | undefined, issuedAt: number | undefined): SubjectStatus {
  if (!account || account.disabledAt) return 'disabled';
  const revoked = revokedUpTo(account);
  if (revoked !== undefined && (issuedAt === undefined || issuedAt <= revoked)) return 'revoked';
  return 'active';
}

/**
 * An access token for the API signed with the provider's own key and shaped like the ones it
 * issues (RFC 9068 `at+jwt`), for scripts and tests that cannot click through a sign-in.
 */
export async function mintAccessToken(
  db: Database,
  identity: BuiltinIdentityConfig,
  email: string,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_MINTED_TTL_SECONDS) {
    throw new ValidationError(`The token lifetime must be between 1 second and ${MAX_MINTED_TTL_SECONDS / 3600} hours`);
  }
  const account = await createAccountsRepository(db).findByEmail(email);
  if (!account) throw new NotFoundError(`No account with email ${normalizeEmail(email)}`);
  if (account.disabledAt) throw new ValidationError(`The account ${account.email} is disabled`, 'account_disabled');

  const { privateJwks } = await loadSigningKeys(createInstanceSettingsRepository(db));
  const jwk = privateJwks.keys.find((k) => k.alg === 'RS256' && k.use === 'sig');
  if (!jwk?.kid) throw new Error('no RS256 signing key is stored');
  const key = await importJWK(jwk, 'RS256');

  const revoked = revokedUpTo(account);
  if (revoked !== undefined && Date.now() < (revoked + 1) * 1000) await sleep((revoked + 1) * 1000 - Date.now());
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    client_id: identity.clientId,
    scope: API_SCOPES,
    email: account.email,
    name: displayName(account),
    roles: [account.role],
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(identity.issuer)
    .setSubject(account.id)
    .setAudience(identity.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .setJti(randomBytes(21).toString('base64url'))
    .sign(key);
  return { token, expiresAt: new Date((now + ttlSeconds) * 1000) };
}
