import type { FastifyBaseLogger } from 'fastify';
import { ExtractionError, extractDocument, type Extraction, type ExtractorPool } from '../../adapters/extractors';
import type { Database } from '../../db/client';
import type { RetrievalService } from '../retrieval';
import { withBlobFile } from './blob-file';
import { createDocumentsRepository, type DocumentRow, type DocumentsRepository } from './documents.repository';

/** A transient failure (not the file's fault) is retried this many attempts in all. */
export const MAX_ATTEMPTS = 3;
const GENERIC_FAILURE = 'The document could not be read right now. Please delete it and upload it again.';
const PURGE_EVERY_MS = 60 * 60 * 1000;
const PURGE_BATCH = 100;
const STOP_WAIT_MS = 10_000;

export interface DocumentWorkerOptions {
  db: Database;
  retrieval: Pick<RetrievalService, 'indexUploadedDocument' | 'deleteUploadedDocument'>;
  log: FastifyBaseLogger;
  extractionTimeoutMs: number;
  /** How long a claim is held before another worker may take the document; twice the extraction timeout by default. */
  lockMs?: number;
  /** Files over this are refused by the extractor too (defence in depth). */
  maxFileBytes: number;
  /** Jobs run side by side in this process. */
  concurrency?: number;
  pollMs?: number;
  /** false: nothing runs by itself; tests drive the queue with runOnce() and purgeExpired(). */
  autoStart?: boolean;
  pool?: ExtractorPool;
}

export interface DocumentWorker {
  /** Claims and processes one document; false when there was nothing to claim. */
  runOnce(): Promise<boolean>;
  /** Deletes documents past their retention date with their bytes and passages; returns how many. */
  purgeExpired(): Promise<number>;
  /** Starts the next poll now (after an upload). */
  wake(): void;
  /** Waits until no job is in flight. */
  idle(): Promise<void>;
  /** Stops polling and waits (bounded) for jobs in flight; runOnce and purgeExpired still work when called. */
  stop(): Promise<void>;
}

/**
 * The extraction queue's runner: the documents table is the queue, so any number of instances
 * can run one. A claim holds a lock (twice the extraction timeout by default); a worker that dies mid-job
 * leaves a lock that expires, and the next claim retries the document.
 */
export function startDocumentWorker(options: DocumentWorkerOptions): DocumentWorker {
  const { db, retrieval, log } = options;
  const repository = createDocumentsRepository(db);
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const pollMs = options.pollMs ?? 2_000;
  const lockMs = options.lockMs ?? options.extractionTimeoutMs * 2;
  const processDocument = documentProcessor({ ...options, repository });
  const claimLog = claimFailureLog(log);
  const jobs = jobsInFlight();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let purgeTimer: NodeJS.Timeout | undefined;
  let loops = 0;

  async function runOnce(): Promise<boolean> {
    await setAsideAbandoned(repository, retrieval, log);
    const row = await repository.claimNext(lockMs, MAX_ATTEMPTS);
    if (!row) return false;
    await jobs.track(processDocument(row).catch((err) => log.error({ err, documentId: row.id }, 'document job failed')));
    return true;
  }

  const purgeExpired = () => purgeExpiredDocuments(repository, retrieval, log);

  /** One loop per concurrency slot: drains the queue, then sleeps until woken or the poll. */
  async function loop(): Promise<void> {
    loops += 1;
    try {
      while (!stopped && (await runOnce().then(claimLog.worked, claimLog.failed))) {
        // keep draining
      }
    } finally {
      loops -= 1;
    }
  }

  function wake(): void {
    if (stopped || options.autoStart === false) return;
    while (loops < concurrency) void jobs.track(loop());
  }

  function schedulePoll(): void {
    timer = setTimeout(() => {
      wake();
      if (!stopped) schedulePoll();
    }, pollMs);
    timer.unref();
  }

  function schedulePurge(): void {
    const purge = () => void jobs.track(purgeExpired().catch((err) => log.error({ err }, 'purging expired documents failed')));
    purge();
    purgeTimer = setInterval(purge, PURGE_EVERY_MS);
    purgeTimer.unref();
  }

  if (options.autoStart !== false) {
    wake();
    schedulePoll();
    schedulePurge();
  }

  return {
    runOnce: () => jobs.track(runOnce()),
    purgeExpired: () => jobs.track(purgeExpired()),
    wake,
    idle: jobs.idle,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(purgeTimer);
      await jobs.settle(STOP_WAIT_MS);
    },
  };
}

type ProcessorDeps = Pick<DocumentWorkerOptions, 'retrieval' | 'log' | 'extractionTimeoutMs' | 'maxFileBytes' | 'pool'> & {
  repository: DocumentsRepository;
};

/** Reads one claimed document, indexes its passages and settles the claim: ready, failed, or queued again. */
function documentProcessor(deps: ProcessorDeps): (row: DocumentRow) => Promise<void> {
  const { repository, retrieval, log } = deps;

  function extract(row: DocumentRow): Promise<Extraction> {
    return withBlobFile(repository.openBlob(row.blobId), (file) =>
      extractDocument(
        { path: file, kind: row.kind, limits: { timeoutMs: deps.extractionTimeoutMs, maxBytes: deps.maxFileBytes } },
        { pool: deps.pool },
      ),
    );
  }

  async function recordFailure(row: DocumentRow, attempt: number, err: unknown): Promise<void> {
    // A file the extractor refused will not improve on retry; a crashed or busy extractor might.
    const transient = !(err instanceof ExtractionError) || err.code === 'failed';
    if (transient && attempt < MAX_ATTEMPTS) {
      log.warn({ err, documentId: row.id, attempt }, 'extraction failed; will retry');
      await repository.requeue(row.id, attempt);
      return;
    }
    const reason = err instanceof ExtractionError ? err.message : GENERIC_FAILURE;
    if (!(err instanceof ExtractionError)) log.error({ err, documentId: row.id, attempt }, 'extraction failed');
    else log.info({ documentId: row.id, code: err.code, cause: err.cause }, 'document could not be read');
    await repository.markFailed(row.id, attempt, reason);
  }

  return async function processDocument(row: DocumentRow): Promise<void> {
    const attempt = row.attempts;
    try {
      const extraction = await extract(row);
      // Passages first, then the result; re-indexing the same bytes replaces the same passages,
      // so a stale worker getting here too does no harm.
      const indexed = await retrieval.indexUploadedDocument({
        ownerId: row.ownerId,
        documentId: row.id,
        title: row.filename,
        pages: extraction.pages,
        intoGuide: row.purpose === 'knowledge',
      });
      const metadata = metadataOf(extraction, indexed.warnings);
      if (await repository.markReady(row.id, attempt, { processedContent: extraction.text, metadata })) return;
      log.warn({ documentId: row.id, attempt }, 'extraction result dropped: a newer attempt owns the document');
      // Deleted, or set aside, while being read: take back the passages just written.
      const status = await repository.statusOf(row.id);
      if (status === undefined || status === 'failed') await retrieval.deleteUploadedDocument(row.ownerId, row.id);
    } catch (err) {
      await recordFailure(row, attempt, err);
    }
  };
}

/**
 * A claim expires unsettled only when its worker died or hung. After MAX_ATTEMPTS such claims
 * the file itself is the likely cause (a file that kills the process would loop for ever), so it
 * fails, once, and its passages go: a dying attempt may have written some.
 */
async function setAsideAbandoned(
  repository: DocumentsRepository,
  retrieval: DocumentWorkerOptions['retrieval'],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const row of await repository.listAbandoned(MAX_ATTEMPTS)) {
    if (!(await repository.markFailed(row.id, row.attempts, setAsideReason(row.attempts)))) continue;
    log.warn({ documentId: row.id, attempts: row.attempts }, 'document set aside: no attempt to read it finished');
    await retrieval.deleteUploadedDocument(row.ownerId, row.id);
  }
}

async function purgeExpiredDocuments(
  repository: DocumentsRepository,
  retrieval: DocumentWorkerOptions['retrieval'],
  log: FastifyBaseLogger,
): Promise<number> {
  let purged = 0;
  for (const { id, ownerId } of await repository.listExpired(PURGE_BATCH)) {
    await retrieval.deleteUploadedDocument(ownerId, id);
    if (await repository.deleteExpired(id)) purged += 1;
  }
  if (purged > 0) log.info({ purged }, 'expired documents purged');
  return purged;
}

/** During a database outage every poll fails the same way: said once, and once more when it ends. */
function claimFailureLog(log: FastifyBaseLogger) {
  let failing = false;
  return {
    worked(claimed: boolean): boolean {
      if (failing) log.info('claiming documents works again');
      failing = false;
      return claimed;
    },
    failed(err: unknown): false {
      if (failing) log.debug({ err }, 'claiming a document failed again');
      else log.error({ err }, 'claiming a document failed; retrying at every poll');
      failing = true;
      return false;
    },
  };
}

/** The worker's jobs still running, so idle() and stop() can wait for them. */
function jobsInFlight() {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => {});
      return work;
    },
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /** Waits for the jobs running now, for at most `waitMs`. */
    async settle(waitMs: number): Promise<void> {
      const drained = Promise.allSettled([...inFlight]);
      let deadline: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        deadline = setTimeout(resolve, waitMs);
        deadline.unref();
      });
      await Promise.race([drained, late]);
      clearTimeout(deadline);
    },
  };
}

function setAsideReason(attempts: number): string {
  return `Reading this file stopped KAI ${attempts} times; it was set aside.`;
}

/** What the extraction found, and what indexing adds (a document too long to search in full). */
function metadataOf({ metadata }: Extraction, indexingWarnings: string[]): Record<string, unknown> {
  return {
    method: metadata.method,
    ...(metadata.pages !== undefined ? { pages: metadata.pages } : {}),
    ...(metadata.sheets ? { sheets: metadata.sheets } : {}),
    ...(metadata.ocrConfidence !== undefined ? { ocrConfidence: metadata.ocrConfidence } : {}),
    ...(metadata.title ? { title: metadata.title } : {}),
    ...(metadata.author ? { author: metadata.author } : {}),
    warnings: [...(metadata.warnings ?? []), ...indexingWarnings],
  };
}
