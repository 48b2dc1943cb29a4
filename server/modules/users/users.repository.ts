import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type UserProfile = Partial<Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'imageUrl'>>;

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

    async setDisabled(issuer: string, subject: string, disabled: boolean): Promise<void> {
      await db
        .update(users)
        .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
        .where(and(eq(users.issuer, issuer), eq(users.subject, subject)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
