import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema';
import { accountInvitations } from '../../db/schema-features';
import { isUuid } from '../../db/ids';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = Pick<typeof accounts.$inferInsert, 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'role' | 'mustChangePassword'>;
type InvitationRow = typeof accountInvitations.$inferSelect;

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
    async insert(account: NewAccount): Promise<AccountRow | undefined> {
      const [row] = await db
        .insert(accounts)
        .values({ ...account, email: normalizeEmail(account.email) })
        .onConflictDoNothing({ target: accounts.email })
        .returning();
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
      return row.n;
    },

    async countActiveAdmins(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(accounts)
        .where(and(eq(accounts.role, 'admin'), isNull(accounts.disabledAt)));
      return row.n;
    },

    async list(): Promise<AccountRow[]> {
      return db.select().from(accounts).orderBy(asc(accounts.createdAt), asc(accounts.email));
    },

    async setDisabled(id: string, disabled: boolean): Promise<void> {
      await db
        .update(accounts)
        .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
        .where(eq(accounts.id, id));
    },

    async setRole(id: string, role: AccountRow['role']): Promise<void> {
      await db.update(accounts).set({ role, updatedAt: new Date() }).where(eq(accounts.id, id));
    },

    async setPasswordHash(id: string, passwordHash: string, mustChangePassword: boolean): Promise<void> {
      await db.update(accounts).set({ passwordHash, mustChangePassword, updatedAt: new Date() }).where(eq(accounts.id, id));
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
          .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
          .where(eq(accounts.id, invitation.accountId));
        return true;
      });
    },
  };
}
