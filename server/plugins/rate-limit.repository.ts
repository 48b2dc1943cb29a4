import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema-features';

export interface RateLimitCount {
  current: number;
  ttlMs: number;
}

/** Counters shared by every process on one PostgreSQL, in one statement per request. */
export function createRateLimitRepository(db: Database) {
  return {
    /** Counts one request in the key's window, starting a new window when the last one is over. */
    async increment(key: string, windowMs: number): Promise<RateLimitCount> {
      const window = sql`make_interval(secs => ${windowMs / 1000})`;
      const expired = sql`${rateLimitCounters.windowStartedAt} + ${window} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStartedAt: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${rateLimitCounters.windowStartedAt} end`,
          },
        })
        .returning({
          current: rateLimitCounters.count,
          ttlMs: sql<number>`greatest(0, extract(epoch from (${rateLimitCounters.windowStartedAt} + ${window} - now())) * 1000)::float8`,
        });
      return { current: row.current, ttlMs: Math.ceil(Number(row.ttlMs)) };
    },

    /** Windows that ended long ago are only clutter. */
    async purgeOlderThan(cutoff: Date): Promise<void> {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStartedAt, cutoff));
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
