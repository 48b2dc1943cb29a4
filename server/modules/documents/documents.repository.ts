import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { deleteBlob, readBlob, writeBlob } from '../../adapters/blob-storage';
import type { Database } from '../../db/client';
import { documents } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;
type NewDocumentRow = Omit<typeof documents.$inferInsert, 'id' | 'status' | 'attempts' | 'createdAt' | 'updatedAt'>;

/** Documents and bytes: what an owner uses, or may use at most. */
export interface Usage {
  files: number;
  bytes: number;
}

type InsertOutcome = { outcome: 'stored'; row: DocumentRow } | { outcome: 'duplicate' } | { outcome: 'over_quota'; used: Usage };

/** Abandoned documents set aside per look; the next look takes the rest. */
const ABANDONED_BATCH = 100;

/** First key of the per-owner upload lock; any constant that no other advisory lock of KAI uses. */
const QUOTA_LOCK_CLASS = 4_242_101;

/** The documents table with its blob chunks: owners' uploads, the extraction queue, retention. */
export function createDocumentsRepository(db: Database) {
  return { ...ownedDocuments(db), ...extractionClaims(db), ...expiredDocuments(db) };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;

/** Every user-facing query names the owner: a document id means nothing without its user. */
function ownedDocuments(db: Database) {
  return {
    async listOwned(ownerId: string): Promise<DocumentRow[]> {
      return db.select().from(documents).where(eq(documents.ownerId, ownerId)).orderBy(desc(documents.createdAt), desc(documents.id));
    },

    async findOwned(ownerId: string, id: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.ownerId, ownerId), eq(documents.id, id)))
        .limit(1);
      return row;
    },

    /**
     * The owner's document with these bytes, renamed to what they were uploaded as this time: the
     * latest name is the one the user knows the file by. Its id, and so every citation of it, stays.
     */
    async renameBySha256(ownerId: string, sha256: string, filename: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .update(documents)
        .set({ filename, updatedAt: sql`now()` })
        .where(and(eq(documents.ownerId, ownerId), eq(documents.sha256, sha256)))
        .returning();
      return row;
    },

    async usage(ownerId: string): Promise<Usage> {
      return usageOf(db, ownerId);
    },

    /**
     * The row and its bytes in one short transaction, copied from a spooled temp file. The owner's
     * uploads take turns here (a transaction-scoped advisory lock on the owner), so the quota is
     * checked against everything stored before and cannot be overshot by parallel requests. The
     * same bytes stored meanwhile are a duplicate and cost no quota.
     */
    async insertWithBlob(row: NewDocumentRow, path: string, limits: { maxBytes: number; quota: Usage }): Promise<InsertOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, hashtext(${row.ownerId}))`);
        const [existing] = await tx
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.ownerId, row.ownerId), eq(documents.sha256, row.sha256)))
          .limit(1);
        if (existing) return { outcome: 'duplicate' };
        const used = await usageOf(tx, row.ownerId);
        if (used.files + 1 > limits.quota.files || used.bytes + row.size > limits.quota.bytes) return { outcome: 'over_quota', used };
        const [inserted] = await tx.insert(documents).values(row).returning();
        await writeBlob(tx, row.blobId, createReadStream(path), { maxBytes: limits.maxBytes });
        return { outcome: 'stored', row: inserted };
      });
    },

    /** Row and blob chunks together; false when the owner has no such document. */
    async deleteOwned(ownerId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(documents)
          .where(and(eq(documents.ownerId, ownerId), eq(documents.id, id)))
          .returning({ blobId: documents.blobId });
        if (deleted) await deleteBlob(tx, deleted.blobId);
        return Boolean(deleted);
      });
    },

    openBlob(blobId: string): Readable {
      return readBlob(db, blobId);
    },
  };
}

/** The documents table as the extraction queue: claims, and the results of the worker holding one. */
function extractionClaims(db: Database) {
  return {
    /**
     * Claims the oldest queued document, or one whose worker's lock expired with attempts left, in
     * one statement; SKIP LOCKED lets several workers (and instances) claim side by side.
     */
    async claimNext(lockMs: number, maxAttempts: number): Promise<DocumentRow | undefined> {
      const next = sql`(select ${documents.id} from ${documents}
        where ${documents.status} = 'queued'
          or (${documents.status} = 'extracting' and ${documents.lockedUntil} < now() and ${documents.attempts} < ${maxAttempts})
        order by ${documents.createdAt} for update skip locked limit 1)`;
      const [row] = await db
        .update(documents)
        .set({
          status: 'extracting',
          attempts: sql`${documents.attempts} + 1`,
          lockedUntil: sql`now() + ${lockMs} * interval '1 millisecond'`,
          updatedAt: sql`now()`,
        })
        .where(eq(documents.id, next))
        .returning();
      return row;
    },

    /** Only the worker holding the latest claim may write a result: exactly one result per document. */
    async markReady(id: string, attempt: number, result: { processedContent: string; metadata: Record<string, unknown> }): Promise<boolean> {
      return settle(db, id, attempt, { status: 'ready', processedContent: result.processedContent, metadata: result.metadata, failureReason: null });
    },

    async markFailed(id: string, attempt: number, failureReason: string): Promise<boolean> {
      return settle(db, id, attempt, { status: 'failed', failureReason });
    },

    async requeue(id: string, attempt: number): Promise<boolean> {
      return settle(db, id, attempt, { status: 'queued' });
    },

    /** Undefined once the document is deleted. */
    async statusOf(id: string): Promise<DocumentRow['status'] | undefined> {
      const [row] = await db.select({ status: documents.status }).from(documents).where(eq(documents.id, id)).limit(1);
      return row?.status;
    },

    /** Documents whose last allowed claim expired unfinished: every worker that read them died or hung. */
    async listAbandoned(maxAttempts: number): Promise<Array<Pick<DocumentRow, 'id' | 'ownerId' | 'attempts'>>> {
      return db
        .select({ id: documents.id, ownerId: documents.ownerId, attempts: documents.attempts })
        .from(documents)
        .where(and(eq(documents.status, 'extracting'), lt(documents.lockedUntil, sql`now()`), gte(documents.attempts, maxAttempts)))
        .limit(ABANDONED_BATCH);
    },
  };
}

/** Documents past their retention date, for the worker's purge. */
function expiredDocuments(db: Database) {
  return {
    async listExpired(limit: number): Promise<Array<{ id: string; ownerId: string }>> {
      return db
        .select({ id: documents.id, ownerId: documents.ownerId })
        .from(documents)
        .where(lt(documents.expiresAt, sql`now()`))
        .orderBy(documents.expiresAt)
        .limit(limit);
    },

    /** Row and blob of one expired document in one transaction; rechecks the expiry inside it. */
    async deleteExpired(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(documents)
          .where(and(eq(documents.id, id), lt(documents.expiresAt, sql`now()`)))
          .returning({ blobId: documents.blobId });
        if (deleted) await deleteBlob(tx, deleted.blobId);
        return Boolean(deleted);
      });
    },
  };
}

async function usageOf(db: Pick<Database, 'select'>, ownerId: string): Promise<Usage> {
  const [row] = await db
    .select({ files: sql<string>`count(*)`, bytes: sql<string>`coalesce(sum(${documents.size}), 0)` })
    .from(documents)
    .where(eq(documents.ownerId, ownerId));
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

async function settle(db: Database, id: string, attempt: number, changes: Partial<typeof documents.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set({ ...changes, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(documents.id, id), eq(documents.status, 'extracting'), eq(documents.attempts, attempt)))
    .returning({ id: documents.id });
  return rows.length > 0;
}
