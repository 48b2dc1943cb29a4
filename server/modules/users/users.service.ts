import type { CurrentUser, SyncUserInput, UserRole } from '@contract/users';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import type { UserProfile, UserRow, UsersRepository } from './users.repository';

/** Who is calling, as the auth plugin established it. */
export interface Identity {
  issuer: string;
  subject: string;
  email?: string;
  name?: string;
  /** Roles named by the token (provider roles claim). */
  roles: string[];
  isDev: boolean;
  /** Set when the caller used a personal API token rather than a sign-in. */
  apiTokenId?: string;
}

export interface RolePolicy {
  adminEmails: string[];
  adminRole: string;
}

/** Resolves token identities to user rows and applies profile syncs. */
export function createUsersService(repo: UsersRepository, policy: RolePolicy) {
  // The role is read from the verified token only: its roles claim, or its email claim named in
  // KAI_ADMIN_EMAILS. Never from the stored row, which a sync body may have written.
  const roleFor = (identity: Identity): UserRole =>
    identity.roles.includes(policy.adminRole) || (!!identity.email && policy.adminEmails.includes(identity.email.toLowerCase())) ? 'admin' : 'user';

  return {
    /** The user row for this identity, created on first sight. Disabled users are refused. */
    async resolve(identity: Identity): Promise<UserRow> {
      // The common case is a returning user: one read, and a write only on first sight.
      const row =
        (await repo.findByIdentity(identity.issuer, identity.subject)) ??
        (await repo.ensure(identity.issuer, identity.subject, profileFromToken(identity)));
      if (row.disabledAt) throw new UnauthorizedError('This account is disabled', 'account_disabled');
      const role = roleFor(identity);
      const tokenEmail = identity.email?.toLowerCase();
      const emailChanged = !!tokenEmail && tokenEmail !== row.email;
      const seenRecently = row.lastSeenAt && Date.now() - row.lastSeenAt.getTime() < 60_000;
      if (role !== row.role || emailChanged || !seenRecently) {
        return repo.update(row.id, { role, lastSeenAt: new Date(), ...(emailChanged ? { email: tokenEmail } : {}) });
      }
      return row;
    },

    async sync(identity: Identity, user: UserRow, input: SyncUserInput): Promise<UserRow> {
      if (input.auth0Id !== identity.subject) {
        throw new ForbiddenError('auth0Id does not match the signed-in user', 'identity_mismatch');
      }
      // Display fields only. The email is shown as sent when the token carries none (many
      // providers' access tokens do not), but it grants nothing: roleFor never reads it.
      // An API-token caller has no e-mail claim to check the body against: their stored e-mail stays,
      // so a token cannot make the admin list or an export show someone else's address.
      const profile = profileFromSync(input);
      if (identity.email) profile.email = identity.email.toLowerCase();
      else if (identity.apiTokenId) delete profile.email;
      return repo.update(user.id, { ...profile, role: roleFor(identity) });
    },

    /** Disabling a local account cuts off its API access at once (decision 001). */
    setDisabled: (issuer: string, subject: string, disabled: boolean): Promise<void> => repo.setDisabled(issuer, subject, disabled),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

function profileFromToken(identity: Identity): UserProfile {
  return { email: identity.email?.toLowerCase() ?? null, ...splitName(identity.name) };
}

function profileFromSync(input: SyncUserInput): UserProfile {
  const profile: UserProfile = {};
  if (input.email !== undefined) profile.email = input.email.toLowerCase();
  if (input.name !== undefined) Object.assign(profile, splitName(input.name));
  if (input.firstName !== undefined) profile.firstName = input.firstName || null;
  if (input.lastName !== undefined) profile.lastName = input.lastName || null;
  const image = input.imageUrl ?? input.picture;
  if (image !== undefined) profile.imageUrl = image || null;
  return profile;
}

function splitName(name: string | undefined): Pick<UserProfile, 'firstName' | 'lastName'> {
  const parts = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (parts.length === 0) return {};
  return { firstName: parts[0], lastName: parts.slice(1).join(' ') || null };
}

export function toCurrentUserDto(row: UserRow, isDev: boolean): CurrentUser {
  return {
    id: row.id,
    auth0Id: row.subject,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    imageUrl: row.imageUrl,
    role: row.role,
    isDev,
  };
}
