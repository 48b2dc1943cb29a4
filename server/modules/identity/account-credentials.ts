import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_VALID_DAYS } from '@contract/admin';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { normalizeEmail, type AccountRow, type AccountsRepository } from './accounts.repository';
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from './password';

/** Where invitation links point; the invitation routes answer there. */
export const INVITATION_PATH = '/invite';
const INVITATION_TTL_MS = INVITATION_VALID_DAYS * 24 * 60 * 60_000;
/** A generated password expires with the invitation link it stands in for (decision 038). */
export const ONE_TIME_PASSWORD_VALID_DAYS = INVITATION_VALID_DAYS;
export const ONE_TIME_PASSWORD_EXPIRED = 'This one-time password has expired. Ask an administrator for a new one.';
/** 32 random bytes in base64url: anything else cannot be a token and is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedInvitation {
  token: string;
  expiresAt: Date;
}

export type InvalidInvitation = 'used' | 'expired' | 'unknown';

export interface CredentialsDeps {
  accounts: AccountsRepository;
  signOutEverywhere: (accountId: string) => Promise<unknown>;
}

/** SHA-256 suffices: the token is 32 random bytes, nothing to guess (as for API tokens, decision 021). */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITATION_PATH}/${token}`;
}

export async function requireAccountByEmail(accounts: AccountsRepository, email: string): Promise<AccountRow> {
  const account = await accounts.findByEmail(email);
  if (!account) throw new NotFoundError(`No account with email ${normalizeEmail(email)}`);
  return account;
}

/** A new link for the account; any older one stops working. The token is returned this once. */
export async function issueInvitation(accounts: AccountsRepository, accountId: string): Promise<IssuedInvitation> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  await accounts.replaceInvitations(accountId, hashOf(token), expiresAt);
  return { token, expiresAt };
}

/** Until when a password generated now works: it must be used for a first sign-in before then. */
export function oneTimePasswordDeadline(): Date {
  return new Date(Date.now() + ONE_TIME_PASSWORD_VALID_DAYS * 24 * 60 * 60_000);
}

/** A generated password past its deadline: right or wrong, it no longer signs anyone in. */
export function oneTimePasswordExpired(account: AccountRow, now = new Date()): boolean {
  return account.mustChangePassword && account.passwordExpiresAt !== null && account.passwordExpiresAt <= now;
}

/**
 * Ties a pending password change to the password it replaces, without carrying its hash around:
 * a reset in between changes the stamp and voids the change.
 */
export function credentialStamp(account: AccountRow): string {
  return createHash('sha256').update(account.passwordHash).digest('base64url');
}

export function requireStrongPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(problem, 'weak_password');
}

/** What every password a person chooses must be: strong enough, and typed the same twice. */
function checkChosenPassword(password: string, confirmation: string): void {
  requireStrongPassword(password);
  if (password !== confirmation) throw new ValidationError('The two passwords do not match', 'password_mismatch');
}

/**
 * Password resets and how a person comes to a password of their own: a generated password works
 * for one sign-in within 7 days and must then be replaced; an invitation link lets them set one. A
 * password the operator gives (`--password`) is kept as it is.
 */
export function createAccountCredentials(deps: CredentialsDeps) {
  const { accounts } = deps;

  const findInvitation = async (token: string) => {
    const invitation = TOKEN_SHAPE.test(token) ? await accounts.findInvitation(hashOf(token)) : undefined;
    const account = invitation && (await accounts.findById(invitation.accountId));
    if (!invitation || !account || account.disabledAt) return { status: 'unknown' as const };
    if (invitation.usedAt) return { status: 'used' as const };
    if (invitation.expiresAt <= new Date()) return { status: 'expired' as const };
    return { status: 'valid' as const, invitation, account };
  };

  return {
    /**
     * A new password ends the account's sessions and refresh tokens, revokes its API tokens and the
     * access tokens issued so far, and voids its invitation links: a recovered account keeps nothing
     * an intruder may have minted.
     */
    async resetPassword(email: string, password?: string): Promise<{ account: AccountRow; generatedPassword?: string }> {
      const account = await requireAccountByEmail(accounts, email);
      if (password !== undefined) requireStrongPassword(password);
      const next = password ?? generatePassword();
      await accounts.resetCredentials(account.id, await hashPassword(next), password === undefined ? oneTimePasswordDeadline() : undefined);
      await accounts.deleteInvitations(account.id);
      await deps.signOutEverywhere(account.id);
      return { account, generatedPassword: password === undefined ? next : undefined };
    },

    /** Like a reset (tokens revoked too), but nobody learns the new password: the person sets their own through the link. */
    async invite(email: string): Promise<{ account: AccountRow; invitation: IssuedInvitation }> {
      const account = await requireAccountByEmail(accounts, email);
      if (account.disabledAt) throw new ConflictError(`${account.email} is disabled: enable the account first`, 'account_disabled');
      await accounts.resetCredentials(account.id, await hashPassword(generatePassword()), oneTimePasswordDeadline());
      await deps.signOutEverywhere(account.id);
      return { account, invitation: await issueInvitation(accounts, account.id) };
    },

    async checkInvitation(token: string): Promise<{ status: 'valid'; email: string } | { status: InvalidInvitation }> {
      const found = await findInvitation(token);
      return found.status === 'valid' ? { status: 'valid', email: found.account.email } : found;
    },

    /** Sets the invited account's password and uses the link up. Throws ValidationError for a password it refuses. */
    async acceptInvitation(token: string, password: string, confirmation: string): Promise<{ status: 'accepted' } | { status: InvalidInvitation }> {
      const found = await findInvitation(token);
      if (found.status !== 'valid') return found;
      checkChosenPassword(password, confirmation);
      if (await accounts.redeemInvitation(found.invitation, await hashPassword(password))) return { status: 'accepted' };
      // Another post won the race, or the link was voided meanwhile: say which, as a fresh look would.
      const after = await findInvitation(token);
      return { status: after.status === 'valid' ? 'unknown' : after.status };
    },

    /**
     * Replaces a generated password with the person's own, right after they signed in with it.
     * Refused when the account changed since (disabled, reset again, already changed).
     */
    async chooseOwnPassword(accountId: string, stamp: string, password: string, confirmation: string): Promise<AccountRow> {
      const account = await accounts.findById(accountId);
      if (!account || account.disabledAt || !account.mustChangePassword || credentialStamp(account) !== stamp) {
        throw new ConflictError('Your password was changed in the meantime. Go back to KAI and sign in again.', 'password_changed');
      }
      if (oneTimePasswordExpired(account)) throw new ConflictError(ONE_TIME_PASSWORD_EXPIRED, 'one_time_password_expired');
      checkChosenPassword(password, confirmation);
      if (await verifyPassword(password, account.passwordHash)) {
        throw new ValidationError('Choose a password different from the one-time password', 'password_unchanged');
      }
      await accounts.setPasswordHash(account.id, await hashPassword(password));
      return account;
    },
  };
}
