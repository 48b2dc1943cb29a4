import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usageDaily } from '../../db/schema';

/** Budgets count per UTC day. */
export const usageDay = () => new Date().toISOString().slice(0, 10);

/** Today's model tokens per user (`usage_daily`), each change one statement. */
export function createModelBudgetRepository(db: Database) {
  return {
    /**
     * Counts `amount` tokens as spent today, if what is spent and reserved is still under
     * `budget`; one statement, so parallel calls cannot all slip in under the same count.
     */
    async reserveTokens(userId: string, amount: number, budget: number): Promise<boolean> {
      const rows = await db
        .insert(usageDaily)
        .values({ userId, day: usageDay(), tokens: amount })
        .onConflictDoUpdate({
          target: [usageDaily.userId, usageDaily.day],
          set: { tokens: sql`${usageDaily.tokens} + ${amount}` },
          setWhere: sql`${usageDaily.tokens} < ${budget}`,
        })
        .returning({ tokens: usageDaily.tokens });
      return rows.length > 0;
    },

    /** Corrects today's count by `delta` (actual minus reserved), never below zero. */
    async settleTokens(userId: string, delta: number): Promise<void> {
      if (delta === 0) return;
      await db
        .update(usageDaily)
        .set({ tokens: sql`greatest(0, ${usageDaily.tokens} + ${delta})` })
        .where(and(eq(usageDaily.userId, userId), eq(usageDaily.day, usageDay())));
    },
  };
}

export type ModelBudgetRepository = ReturnType<typeof createModelBudgetRepository>;
