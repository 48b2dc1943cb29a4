import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { accountInvitations, apiTokens } from '../../db/schema-features';
import { isUuid } from '../../db/ids';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = Pick<typeof accounts.$inferInsert, 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'role'> & {
  oneTimeUntil?: Date;
};
type InvitationRow = typeof accountInvitations.$inferSelect;
/** What a role or status change sets; absent fields stay as they are. */
export interface AccountChange {
  role?: AccountRow['role'];
  disabled?: boolean;
}

/** Serialises every change of role or status; any constant no other advisory lock of KAI uses. */
const ADMIN_STANDING_LOCK_KEY = 4_242_201;

/**
 * A password stored with `oneTimeUntil` is a generated one: it must be replaced at the next sign-in
 * and is refused after that moment. Without it the password is the person's own (or given).
 */
const oneTimeColumns = (oneTimeUntil: Date | undefined) => ({
  mustChangePassword: oneTimeUntil !== undefined,
  passwordExpiresAt: oneTimeUntil ?? null,
});

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAccountsRepository(db: Database) {
  return {
    /** Token subjects come from outside; anything that is not a uuid cannot be an account (and would make Postgres throw). */
    async findById(id: string): Promise<AccountRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(eq(accounts.email, normalizeEmail(email)))
        .limit(1);
      return row;
    },

    /** Returns undefined when the email is taken (also when a concurrent insert won). */
    async insert({ oneTimeUntil, ...account }: NewAccount): Promise<AccountRow | undefined> {
      const [row] = await db
        .insert(accounts)
        .values({ ...account, ...oneTimeColumns(oneTimeUntil), email: normalizeEmail(account.email) })
        .onConflictDoNothing({ target: accounts.email })
        .returning();
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
      return row.n;
    },

    async list(): Promise<AccountRow[]> {
      return db.select().from(accounts).orderBy(asc(accounts.createdAt), asc(accounts.email));
    },

    /**
     * Changes an account's role or status unless that leaves no active administrator; returns the
     * updated row, or 'last_admin' and changes nothing. Every such change of every process takes
     * one transaction-scoped advisory lock first, so the count and the update are one step: two
     * admins demoting each other at once take turns, and the second sees the first's change.
     */
    async changeKeepingOneAdmin(id: string, change: AccountChange): Promise<AccountRow | 'last_admin' | undefined> {
      if (!isUuid(id)) return undefined;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_STANDING_LOCK_KEY})`);
        const [account] = await tx.select().from(accounts).where(eq(accounts.id, id)).limit(1);
        if (!account) return undefined;
        const wasActiveAdmin = account.role === 'admin' && !account.disabledAt;
        const staysActiveAdmin = (change.role ?? account.role) === 'admin' && !(change.disabled ?? account.disabledAt !== null);
        if (wasActiveAdmin && !staysActiveAdmin) {
          const [row] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(accounts)
            .where(and(eq(accounts.role, 'admin'), isNull(accounts.disabledAt)));
          if (row.n <= 1) return 'last_admin';
        }
        const disabledAt = change.disabled === undefined ? account.disabledAt : change.disabled ? (account.disabledAt ?? new Date()) : null;
        const [updated] = await tx
          .update(accounts)
          .set({ role: change.role ?? account.role, disabledAt, updatedAt: new Date() })
          .where(eq(accounts.id, id))
          .returning();
        return updated;
      });
    },

    async setPasswordHash(id: string, passwordHash: string, oneTimeUntil?: Date): Promise<void> {
      await db
        .update(accounts)
        .set({ passwordHash, ...oneTimeColumns(oneTimeUntil), updatedAt: new Date() })
        .where(eq(accounts.id, id));
    },

    /**
     * A reset or a new invitation: the new password, and every credential issued before it revoked
     * in the same transaction. Access tokens issued until now stop working (`tokensValidAfter`), and
     * the personal API tokens of the account's API user are deleted (whatever issuer URL keyed them).
     */
    async resetCredentials(id: string, passwordHash: string, oneTimeUntil?: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(accounts)
          .set({ passwordHash, ...oneTimeColumns(oneTimeUntil), tokensValidAfter: now, updatedAt: now })
          .where(eq(accounts.id, id));
        const owners = tx.select({ id: users.id }).from(users).where(eq(users.subject, id));
        await tx.delete(apiTokens).where(inArray(apiTokens.userId, owners));
      });
    },

    ...invitationQueries(db),
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

/** The links that let an invited person set their password: part of the account's credentials. */
function invitationQueries(db: Database) {
  return {
    /** The account's only invitation from now on: older links stop working. */
    async replaceInvitations(accountId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(accountInvitations).where(eq(accountInvitations.accountId, accountId));
        await tx.insert(accountInvitations).values({ accountId, tokenHash, expiresAt });
      });
    },

    async deleteInvitations(accountId: string): Promise<void> {
      await db.delete(accountInvitations).where(eq(accountInvitations.accountId, accountId));
    },

    async findInvitation(tokenHash: string): Promise<InvitationRow | undefined> {
      const [row] = await db.select().from(accountInvitations).where(eq(accountInvitations.tokenHash, tokenHash)).limit(1);
      return row;
    },

    /**
     * Marks the invitation used and sets the account's own password, in one transaction. False
     * when it was used, expired or deleted meanwhile: of two posts at once, only one wins.
     */
    async redeemInvitation(invitation: InvitationRow, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(accountInvitations)
          .set({ usedAt: new Date() })
          .where(and(eq(accountInvitations.id, invitation.id), isNull(accountInvitations.usedAt), gt(accountInvitations.expiresAt, new Date())))
          .returning({ id: accountInvitations.id });
        if (claimed.length === 0) return false;
        await tx
          .update(accounts)
          .set({ passwordHash, mustChangePassword: false, passwordExpiresAt: null, updatedAt: new Date() })
          .where(eq(accounts.id, invitation.accountId));
        return true;
      });
    },
  };
}
