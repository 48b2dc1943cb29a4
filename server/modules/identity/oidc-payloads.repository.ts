import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client';
import { oidcPayloads } from '../../db/schema';

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens) in one table,
 * keyed by (id, model name). Expired rows are invisible to `find` and purged now and then.
 */
export function createOidcAdapter(db: Database): AdapterConstructor {
  const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));
  const toPayload = (row: typeof oidcPayloads.$inferSelect | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  };

  return class DrizzleAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values({ id, type: this.type, ...values })
        .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: values });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.grantId, grantId), eq(oidcPayloads.type, this.type)));
    }

    private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.type), condition, notExpired()))
        .limit(1);
      return toPayload(row);
    }
  };
}

export function createOidcPayloadsRepository(db: Database) {
  return {
    /** Sign an account out everywhere: its sessions, grants, codes and refresh tokens. */
    async deleteForAccount(accountId: string): Promise<number> {
      const rows = await db
        .delete(oidcPayloads)
        .where(or(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`, sql`${oidcPayloads.payload}->'session'->>'accountId' = ${accountId}`))
        .returning({ id: oidcPayloads.id });
      return rows.length;
    },

    async deleteExpired(): Promise<void> {
      await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
    },
  };
}
