import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { apiTokens } from '../../db/schema-features';
import type { UserRow } from '../users/users.repository';

export type ApiTokenRow = Omit<typeof apiTokens.$inferSelect, 'tokenHash'>;

/** What a listing (and the data export) shows: every column but the hash. */
export const apiTokenColumns = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
};

/** Last use is written at most once a minute per token: each API call reads, few write. */
const LAST_USED_GRANULARITY = sql`now() - interval '1 minute'`;

export function createApiTokensRepository(db: Database) {
  // Runs on every request made with a token: built and planned once.
  const byHash = db
    .select({ tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), gt(apiTokens.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('api_tokens_by_hash');

  return {
    async insert(values: { userId: string; name: string; tokenHash: string; expiresAt: Date }): Promise<ApiTokenRow> {
      const [row] = await db.insert(apiTokens).values(values).returning(apiTokenColumns);
      return row;
    },

    list: (userId: string): Promise<ApiTokenRow[]> =>
      db.select(apiTokenColumns).from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)),

    /** Deletes the owner's token; false when there is none of that id for this owner. */
    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
        .returning({ id: apiTokens.id });
      return deleted.length > 0;
    },

    /** Revokes every token of this owner; how many there were. */
    async deleteAll(userId: string): Promise<number> {
      const deleted = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
      return deleted.length;
    },

    /** The owner of an unexpired token with this hash. */
    async findActive(tokenHash: string): Promise<{ tokenId: string; user: UserRow } | undefined> {
      const [row] = await byHash.execute({ hash: tokenHash });
      return row;
    },

    async touch(id: string): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, LAST_USED_GRANULARITY))));
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
