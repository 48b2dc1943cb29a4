import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { documents, users } from '../../server/db/schema';
import { MAX_ATTEMPTS } from '../../server/modules/documents/documents.queue';
import { createDocumentsRepository } from '../../server/modules/documents/documents.repository';
import type { BenchQueue } from './bench-queue';

const INSERT_BATCH = 500;

/**
 * KAI's queue as it is: rows of the real `documents` table, claimed and settled by the real
 * statements of documents.repository.ts (claimNext, markReady, requeue, markFailed, listAbandoned)
 * with the worker's rules from documents.queue.ts. Only the extraction is a no-op, and the rows
 * have no bytes (nothing reads them).
 */
export function kaiQueue(db: Database, lockMs: number): BenchQueue {
  const repository = createDocumentsRepository(db);
  let owner: Promise<string> | undefined;

  const ownerId = () =>
    (owner ??= db
      .insert(users)
      .values({ issuer: 'https://kai.bench/queue', subject: randomUUID() })
      .returning({ id: users.id })
      .then(([row]) => row.id));

  return {
    async enqueue(count) {
      const owner = await ownerId();
      const ids: string[] = [];
      for (let done = 0; done < count; done += INSERT_BATCH) {
        const rows = Array.from({ length: Math.min(INSERT_BATCH, count - done) }, () => queuedDocument(owner));
        const inserted = await db.insert(documents).values(rows).returning({ id: documents.id });
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },

    async runOnce(handler, onSettled) {
      // As the worker does before every claim: claims that expired after the last attempt fail.
      for (const row of await repository.listAbandoned(MAX_ATTEMPTS)) {
        if (await repository.markFailed(row.id, row.attempts, 'set aside')) {
          onSettled?.({ job: { id: row.id, attempt: row.attempts }, outcome: 'failed', accepted: true });
        }
      }
      const row = await repository.claimNext(lockMs, MAX_ATTEMPTS);
      if (!row) return false;
      const job = { id: row.id, attempt: row.attempts };
      try {
        await handler(job);
        const accepted = await repository.markReady(row.id, row.attempts, { processedContent: '', metadata: {} });
        onSettled?.({ job, outcome: 'done', accepted });
      } catch (err) {
        // The worker's rule for a failure that is not the file's fault: again at once, up to MAX_ATTEMPTS.
        const retry = row.attempts < MAX_ATTEMPTS;
        const reason = err instanceof Error ? err.message : String(err);
        const accepted = retry ? await repository.requeue(row.id, row.attempts) : await repository.markFailed(row.id, row.attempts, reason);
        onSettled?.({ job, outcome: retry ? 'retry' : 'failed', accepted });
      }
      return true;
    },

    async failure(id) {
      const [row] = await db.select({ status: documents.status, reason: documents.failureReason }).from(documents).where(eq(documents.id, id));
      return row?.status === 'failed' ? { state: row.status, reason: row.reason ?? '' } : undefined;
    },
  };
}

function queuedDocument(ownerId: string) {
  return {
    ownerId,
    filename: 'bench.pdf',
    mime: 'application/pdf',
    kind: 'pdf' as const,
    size: 1,
    sha256: randomBytes(32).toString('hex'),
    blobId: randomUUID(),
    purpose: 'analyze' as const,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  };
}
