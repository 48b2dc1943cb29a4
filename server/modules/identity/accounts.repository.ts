import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema';
import { isUuid } from '../../db/ids';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = Pick<typeof accounts.$inferInsert, 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'role'>;

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

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, id));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
