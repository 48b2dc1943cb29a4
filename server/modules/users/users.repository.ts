import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { chatSessions, documents, invoices, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type UserProfile = Partial<Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'imageUrl'>>;

/** What a user reaches once signed in: their chats, documents and invoices. */
export interface UserReach {
  chats: number;
  documents: number;
  invoices: number;
}
export type UserWithReach = Pick<UserRow, 'id' | 'issuer' | 'subject' | 'email' | 'createdAt' | 'lastSeenAt'> & UserReach;

export function createUsersRepository(db: Database) {
  // Every API request runs this read: built and planned once, not per request.
  const byIdentity = db
    .select()
    .from(users)
    .where(and(eq(users.issuer, sql.placeholder('issuer')), eq(users.subject, sql.placeholder('subject'))))
    .limit(1)
    .prepare('users_by_identity');

  return {
    async findByIdentity(issuer: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await byIdentity.execute({ issuer, subject });
      return row;
    },

    /** Insert-or-get, safe when two first requests of one user race. */
    async ensure(issuer: string, subject: string, profile: UserProfile): Promise<UserRow> {
      await db
        .insert(users)
        .values({ issuer, subject, ...profile })
        .onConflictDoNothing({ target: [users.issuer, users.subject] });
      const row = await this.findByIdentity(issuer, subject);
      if (!row) throw new Error('user row vanished after insert');
      return row;
    },

    async update(id: string, changes: UserProfile & { role?: UserRow['role']; lastSeenAt?: Date }): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Everyone one provider has signed in (the Administration page's list). */
    async listByIssuer(issuer: string): Promise<UserRow[]> {
      return db.select().from(users).where(eq(users.issuer, issuer)).orderBy(asc(users.createdAt));
    },

    /** How many users each issuer has signed in (an issuer that changed leaves its users under the old key). */
    async countByIssuer(): Promise<Array<{ issuer: string; users: number }>> {
      return db.select({ issuer: users.issuer, users: count() }).from(users).groupBy(users.issuer).orderBy(asc(users.issuer));
    },

    /** Users with what each owns, all of them or those of the given issuers. */
    async listWithReach(issuers?: string[]): Promise<UserWithReach[]> {
      // Spelled out with table names: inside a select drizzle leaves columns unqualified.
      const owned = (table: PgTable, owner: AnyPgColumn) =>
        sql<number>`(select count(*)::int from ${table} where ${table}.${sql.identifier(owner.name)} = ${users}.${sql.identifier(users.id.name)})`;
      return db
        .select({
          id: users.id,
          issuer: users.issuer,
          subject: users.subject,
          email: users.email,
          createdAt: users.createdAt,
          lastSeenAt: users.lastSeenAt,
          chats: owned(chatSessions, chatSessions.userId),
          documents: owned(documents, documents.ownerId),
          invoices: owned(invoices, invoices.ownerId),
        })
        .from(users)
        .where(issuers ? inArray(users.issuer, issuers) : undefined)
        .orderBy(asc(users.email), asc(users.subject));
    },

    /**
     * Re-keys every user of issuer `from` to `to`, in one transaction: their ids, and with them all
     * they own, stay. `replace` names users already under `to` (the same people, signed in after the
     * change as new users) that are deleted first, with what they own.
     */
    async moveIssuer(from: string, to: string, replace: string[]): Promise<number> {
      return db.transaction(async (tx) => {
        if (replace.length > 0) await tx.delete(users).where(and(eq(users.issuer, to), inArray(users.id, replace)));
        const moved = await tx.update(users).set({ issuer: to, updatedAt: new Date() }).where(eq(users.issuer, from)).returning({ id: users.id });
        return moved.length;
      });
    },

    async setDisabled(issuer: string, subject: string, disabled: boolean): Promise<void> {
      await db
        .update(users)
        .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
        .where(and(eq(users.issuer, issuer), eq(users.subject, subject)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
