import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { BUILTIN_USER_ISSUER } from '../users/user-issuer';
import type { UsersService } from '../users/users.service';
import {
  createAccountCredentials,
  issueInvitation,
  oneTimePasswordDeadline,
  requireAccountByEmail,
  requireStrongPassword,
  type IssuedInvitation,
} from './account-credentials';
import { normalizeEmail, type AccountChange, type AccountRow, type AccountsRepository } from './accounts.repository';
import { decoyHash, generatePassword, hashPassword, verifyPassword } from './password';

type AccountRole = AccountRow['role'];

export interface AccountsServiceDeps {
  accounts: AccountsRepository;
  /** Ends an account's provider sessions, grants and refresh tokens. */
  signOutEverywhere: (accountId: string) => Promise<unknown>;
  users: Pick<UsersService, 'setDisabled'>;
}

export interface NewAccountInput {
  email: string;
  name?: string;
  role?: AccountRole;
  /** Given by the operator and kept; when absent, generated, returned and good for one sign-in within 7 days. */
  password?: string;
  /** Instead of a password they are told, a link with which they set their own. */
  invite?: boolean;
}

export interface AddedAccount {
  account: AccountRow;
  generatedPassword?: string;
  invitation?: IssuedInvitation;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export function displayName(account: Pick<AccountRow, 'firstName' | 'lastName'>): string | undefined {
  return [account.firstName, account.lastName].filter(Boolean).join(' ') || undefined;
}

function splitName(name: string | undefined): { firstName: string | null; lastName: string | null } {
  const parts = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  return { firstName: parts[0] ?? null, lastName: parts.slice(1).join(' ') || null };
}

/**
 * KAI always keeps one active administrator, so someone can still manage the accounts. The
 * repository counts and updates under one lock, whatever process (API or CLI) asks.
 */
async function changeKeepingOneAdmin(accounts: AccountsRepository, account: AccountRow, change: AccountChange): Promise<AccountRow> {
  const changed = await accounts.changeKeepingOneAdmin(account.id, change);
  if (changed === 'last_admin') {
    throw new ConflictError(`${account.email} is the last active administrator: make another account an administrator first`, 'last_admin');
  }
  if (!changed) throw new NotFoundError(`No account with email ${account.email}`);
  return changed;
}

/** Local accounts of the built-in provider: used by sign-in, the provider and the CLI. */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { accounts } = deps;
  const requireAccount = (email: string) => requireAccountByEmail(accounts, email);

  return {
    ...createAccountCredentials(deps),

    /** An invited account gets a random password nobody learns until the link sets theirs. */
    async add(input: NewAccountInput): Promise<AddedAccount> {
      const email = normalizeEmail(input.email);
      if (!EMAIL.test(email)) throw new ValidationError(`Not an email address: ${input.email}`);
      if (input.password !== undefined) requireStrongPassword(input.password);
      if (input.password !== undefined && input.invite) throw new ValidationError('Give a password or send an invitation, not both');
      const password = input.password ?? generatePassword();
      const account = await accounts.insert({
        email,
        passwordHash: await hashPassword(password),
        role: input.role ?? 'user',
        oneTimeUntil: input.password === undefined ? oneTimePasswordDeadline() : undefined,
        ...splitName(input.name),
      });
      if (!account) throw new ConflictError(`An account with email ${email} already exists`, 'account_exists');
      if (input.invite) return { account, invitation: await issueInvitation(accounts, account.id) };
      return { account, generatedPassword: input.password === undefined ? password : undefined };
    },

    /** The active account these credentials belong to; undefined for any mismatch, in about the same time. */
    async authenticate(email: string, password: string): Promise<AccountRow | undefined> {
      const account = email ? await accounts.findByEmail(email) : undefined;
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      return account && matches && !account.disabledAt ? account : undefined;
    },

    async findActive(id: string): Promise<AccountRow | undefined> {
      const account = await accounts.findById(id);
      return account && !account.disabledAt ? account : undefined;
    },

    /** Whom the provider may issue tokens to: active, and past any one-time password or invitation. */
    async findReadyForTokens(id: string): Promise<AccountRow | undefined> {
      const account = await accounts.findById(id);
      return account && !account.disabledAt && !account.mustChangePassword ? account : undefined;
    },

    list: () => accounts.list(),

    findById: (id: string): Promise<AccountRow | undefined> => accounts.findById(id),

    /** Disabling also blocks the API user row, ends every session and voids invitation links, so access stops at once. */
    async setDisabled(email: string, disabled: boolean): Promise<AccountRow> {
      const account = await changeKeepingOneAdmin(accounts, await requireAccount(email), { disabled });
      await deps.users.setDisabled(BUILTIN_USER_ISSUER, account.id, disabled);
      if (disabled) {
        await accounts.deleteInvitations(account.id);
        await deps.signOutEverywhere(account.id);
      }
      return account;
    },

    /** The role reaches the account's next tokens; the admin API reads it from here at once. */
    async setRole(email: string, role: AccountRole): Promise<AccountRow> {
      return changeKeepingOneAdmin(accounts, await requireAccount(email), { role });
    },

    /**
     * First start: with no accounts at all, create the admin. Returns the password only when it was
     * generated here and this instance's insert won, so exactly one process announces it.
     */
    async ensureAdminAccount(admin: {
      bootstrapEmail?: string;
      bootstrapPassword?: string;
    }): Promise<{ email: string; password?: string } | undefined> {
      if ((await accounts.count()) > 0) return undefined;
      const email = normalizeEmail(admin.bootstrapEmail ?? DEFAULT_ADMIN_EMAIL);
      const password = admin.bootstrapPassword ?? generatePassword();
      const created = await accounts.insert({
        email,
        passwordHash: await hashPassword(password),
        role: 'admin',
        firstName: 'Admin',
        lastName: null,
        oneTimeUntil: admin.bootstrapPassword ? undefined : oneTimePasswordDeadline(),
      });
      if (!created) return undefined;
      return { email, password: admin.bootstrapPassword ? undefined : password };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
