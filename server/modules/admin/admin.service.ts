import type { AddUserInput, AdminUser, AdminUserList, AdminUserResult } from '@contract/admin';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { AuthContext } from '../auth/auth.plugin';
import { invitationLink, type IssuedInvitation } from '../identity/account-credentials';
import type { AccountRow } from '../identity/accounts.repository';
import { displayName, type AccountsService } from '../identity/accounts.service';
import type { UserRow, UsersRepository } from '../users/users.repository';

export interface AdminServiceDeps {
  /** The built-in provider's accounts; absent with an external provider. */
  accounts?: AccountsService;
  users: Pick<UsersRepository, 'listByIssuer'>;
  issuer: string;
  /** Invitation links start with it. */
  publicUrl: string;
}

/** What a change hands out once: a generated password or an invitation. */
interface HandedOut {
  generatedPassword?: string;
  invitation?: IssuedInvitation;
}

const EXTERNAL_MESSAGE = 'KAI signs in through an external identity provider: add users, set passwords and roles there.';

/**
 * The Administration page's account management. Every rule lives in the accounts service the CLI
 * uses too (last active administrator, password strength, disabling ends sessions); this only
 * maps ids and rows.
 */
export function createAdminService(deps: AdminServiceDeps) {
  const { accounts, users, issuer, publicUrl } = deps;

  const manageable = (): AccountsService => {
    if (!accounts) throw new ConflictError(EXTERNAL_MESSAGE, 'external_identity_provider');
    return accounts;
  };

  const lastSeen = async (): Promise<Map<string, Date | null>> =>
    new Map((await users.listByIssuer(issuer)).map((row) => [row.subject, row.lastSeenAt]));

  const requireAccount = async (id: string): Promise<AccountRow> => {
    const account = await manageable().findById(id);
    if (!account) throw new NotFoundError('No such account');
    return account;
  };

  const result = async (id: string, handedOut: HandedOut = {}): Promise<AdminUserResult> => {
    const account = await requireAccount(id);
    const { generatedPassword, invitation } = handedOut;
    return {
      user: toAdminUserFromAccount(account, (await lastSeen()).get(account.id) ?? null),
      oneTimePassword: generatedPassword,
      invitationLink: invitation && invitationLink(publicUrl, invitation.token),
      invitationExpiresAt: invitation?.expiresAt.toISOString(),
    };
  };

  /**
   * The caller's role as of now. With the built-in provider the account decides, not the token's
   * claim, so a removed administrator loses every admin-only power at once, not when the token
   * expires; a missing or disabled account counts as a user.
   */
  const currentRole = async (auth: AuthContext): Promise<AccountRow['role']> => {
    if (auth.user.role !== 'admin') return 'user';
    if (!accounts || auth.identity.issuer !== issuer) return 'admin';
    const account = await accounts.findById(auth.identity.subject);
    return account?.role === 'admin' && !account.disabledAt ? 'admin' : 'user';
  };

  return {
    currentRole,

    /** Administrators only, by `currentRole`. */
    async requireAdmin(auth: AuthContext, message = 'You need administrator rights for this', code?: string): Promise<void> {
      if ((await currentRole(auth)) !== 'admin') throw new ForbiddenError(message, code);
    },

    async list(): Promise<AdminUserList> {
      if (!accounts) return { users: (await users.listByIssuer(issuer)).map(toAdminUserFromRow), manageable: false };
      const seen = await lastSeen();
      const rows = await accounts.list();
      return { users: rows.map((row) => toAdminUserFromAccount(row, seen.get(row.id) ?? null)), manageable: true };
    },

    async add(input: AddUserInput): Promise<AdminUserResult> {
      const { account, ...handedOut } = await manageable().add({
        email: input.email,
        name: input.name,
        role: input.admin ? 'admin' : 'user',
        invite: input.credential === 'invitation',
      });
      return result(account.id, handedOut);
    },

    async setDisabled(id: string, disabled: boolean): Promise<AdminUserResult> {
      const account = await requireAccount(id);
      await manageable().setDisabled(account.email, disabled);
      return result(id);
    },

    async resetPassword(id: string): Promise<AdminUserResult> {
      const account = await requireAccount(id);
      const { generatedPassword } = await manageable().resetPassword(account.email);
      return result(id, { generatedPassword });
    },

    async invite(id: string): Promise<AdminUserResult> {
      const account = await requireAccount(id);
      const { invitation } = await manageable().invite(account.email);
      return result(id, { invitation });
    },

    async setRole(id: string, role: AccountRow['role']): Promise<AdminUserResult> {
      const account = await requireAccount(id);
      await manageable().setRole(account.email, role);
      return result(id);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

function toAdminUserFromAccount(row: AccountRow, lastSeenAt: Date | null): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: displayName(row) ?? null,
    role: row.role,
    status: row.disabledAt ? 'disabled' : 'active',
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: lastSeenAt?.toISOString() ?? null,
  };
}

function toAdminUserFromRow(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    role: row.role,
    status: row.disabledAt ? 'disabled' : 'active',
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}
