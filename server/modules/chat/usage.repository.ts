import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usageDaily } from '../../db/schema';

/** Model tokens per user per UTC day. */
export function createUsageRepository(db: Database) {
  const today = () => new Date().toISOString().slice(0, 10);
  return {
    async tokensToday(userId: string): Promise<number> {
      const [row] = await db
        .select({ tokens: usageDaily.tokens })
        .from(usageDaily)
        .where(and(eq(usageDaily.userId, userId), eq(usageDaily.day, today())));
      return row?.tokens ?? 0;
    },

    async addTokens(userId: string, tokens: number): Promise<void> {
      if (tokens <= 0) return;
      await db
        .insert(usageDaily)
        .values({ userId, day: today(), tokens })
        .onConflictDoUpdate({
          target: [usageDaily.userId, usageDaily.day],
          set: { tokens: sql`${usageDaily.tokens} + ${tokens}` },
        });
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
