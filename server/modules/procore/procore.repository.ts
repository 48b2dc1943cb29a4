import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { procoreConnections, procoreOauthStates } from '../../db/schema-features';

/** Tokens here are as stored: ciphertext. */
export type ProcoreConnectionRow = typeof procoreConnections.$inferSelect;

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export function createProcoreRepository(db: Database) {
  return {
    /** Remembers an authorize URL's state; states nobody answered are dropped on the way. */
    async saveState(userId: string, state: string, codeVerifier: string, expiresAt: Date): Promise<void> {
      await db.delete(procoreOauthStates).where(lt(procoreOauthStates.expiresAt, sql`now()`));
      await db.insert(procoreOauthStates).values({ state, userId, codeVerifier, expiresAt });
    },

    /** Takes (uses up) the user's own state; another user's or an unknown one finds nothing. */
    async takeState(userId: string, state: string): Promise<{ codeVerifier: string; expiresAt: Date } | undefined> {
      const [row] = await db
        .delete(procoreOauthStates)
        .where(and(eq(procoreOauthStates.state, state), eq(procoreOauthStates.userId, userId)))
        .returning({ codeVerifier: procoreOauthStates.codeVerifier, expiresAt: procoreOauthStates.expiresAt });
      return row;
    },

    async findConnection(userId: string): Promise<ProcoreConnectionRow | undefined> {
      const [row] = await db.select().from(procoreConnections).where(eq(procoreConnections.userId, userId)).limit(1);
      return row;
    },

    async saveConnection(userId: string, tokens: StoredTokens, company: { id: string; name: string } | null): Promise<void> {
      const values = { ...tokens, companyId: company?.id ?? null, companyName: company?.name ?? null };
      await db
        .insert(procoreConnections)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: procoreConnections.userId, set: { ...values, updatedAt: sql`now()` } });
    },

    async setCompany(userId: string, company: { id: string; name: string }): Promise<void> {
      await db
        .update(procoreConnections)
        .set({ companyId: company.id, companyName: company.name, updatedAt: sql`now()` })
        .where(eq(procoreConnections.userId, userId));
    },

    async deleteConnection(userId: string): Promise<void> {
      await db.delete(procoreConnections).where(eq(procoreConnections.userId, userId));
    },

    /**
     * Runs `work` holding the user's connection row locked (select ... for update), so that one
     * refresh runs at a time per user across every instance; `work` sees the row as it is once
     * the lock is held, and `save` writes new tokens before the lock is released.
     */
    async withLockedConnection<T>(
      userId: string,
      work: (row: ProcoreConnectionRow | undefined, save: (tokens: StoredTokens) => Promise<void>) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(procoreConnections).where(eq(procoreConnections.userId, userId)).for('update');
        return work(row, async (tokens) => {
          await tx
            .update(procoreConnections)
            .set({ ...tokens, updatedAt: sql`now()` })
            .where(eq(procoreConnections.userId, userId));
        });
      });
    },
  };
}

export type ProcoreRepository = ReturnType<typeof createProcoreRepository>;
