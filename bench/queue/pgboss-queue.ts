import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { MAX_ATTEMPTS } from '../../server/modules/documents/documents.queue';
import type { BenchQueue } from './bench-queue';

const INSERT_BATCH = 500;

export interface BossOptions {
  /** PostgreSQL by URL (pg-boss's own pool), or an embedded PGlite through pg-boss's `db` option. */
  connection: { url: string } | { pglite: PGlite };
  /** Runs expiry (crash recovery) and archiving in this instance; pg-boss's default is every 120 s. */
  supervise: boolean;
  maintenanceIntervalSeconds?: number;
  /** false: the schema is already there (a second process). */
  migrate?: boolean;
}

export async function startPgBoss(options: BossOptions): Promise<PgBoss> {
  const { connection } = options;
  const boss = new PgBoss({
    ...('url' in connection ? { connectionString: connection.url, max: 10 } : { db: pgliteExecutor(connection.pglite) }),
    supervise: options.supervise,
    migrate: options.migrate ?? true,
    // Cron off: its clock checks would add polling the measurements do not use.
    schedule: false,
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  });
  boss.on('error', (err) => process.stderr.write(`pg-boss: ${err.message}\n`));
  await boss.start();
  return boss;
}

export interface PgBossQueueOptions {
  /** Seconds before the first retry; with backoff it doubles each time, with up to 100% jitter. */
  retryDelay: number;
  retryBackoff: boolean;
  /** How long a fetched job may stay active before maintenance fails it (and retries it). */
  expireInSeconds: number;
  /** false: another process created the queue. */
  create?: boolean;
}

/** One pg-boss queue under KAI's attempt limit: retryLimit counts retries, MAX_ATTEMPTS counts attempts. */
export async function pgBossQueue(boss: PgBoss, name: string, options: PgBossQueueOptions): Promise<BenchQueue> {
  if (options.create !== false) {
    await boss.createQueue(name, {
      name,
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: options.retryDelay,
      retryBackoff: options.retryBackoff,
      expireInSeconds: options.expireInSeconds,
    });
  }
  return {
    async enqueue(count) {
      const ids = Array.from({ length: count }, () => randomUUID());
      for (let done = 0; done < count; done += INSERT_BATCH) {
        await boss.insert(ids.slice(done, done + INSERT_BATCH).map((id) => ({ id, name, data: {} })));
      }
      return ids;
    },

    async runOnce(handler, onSettled) {
      const [job] = await boss.fetch(name, { includeMetadata: true });
      if (!job) return false;
      const claimed = { id: job.id, attempt: job.retryCount + 1 };
      try {
        await handler(claimed);
        const result = await boss.complete(name, job.id);
        onSettled?.({ job: claimed, outcome: 'done', accepted: affected(result) > 0 });
      } catch (err) {
        const result = await boss.fail(name, job.id, err as object);
        onSettled?.({ job: claimed, outcome: job.retryCount < job.retryLimit ? 'retry' : 'failed', accepted: affected(result) > 0 });
      }
      return true;
    },

    async failure(id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      if (job?.state !== 'failed') return undefined;
      const output = job.output as { message?: string } | null;
      return { state: job.state, reason: output?.message ?? '' };
    },
  };
}

/** pg-boss 10's types say complete() and fail() return nothing; the code returns `{ affected }` (manager.js, mapCommandResponse). */
function affected(result: unknown): number {
  return (result as { affected?: number } | undefined)?.affected ?? 0;
}

/**
 * pg-boss's `db` option over an embedded PGlite (no wire protocol, so no pg pool). Statements with
 * parameters are single statements; plans without parameters may be `BEGIN; ...; COMMIT`, which
 * only the simple protocol (exec) accepts, and return the rows of their last statement that has any.
 */
function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.exec(text);
      return { rows: results.filter((result) => result.fields.length > 0).at(-1)?.rows ?? [] };
    },
  };
}

/**
 * pg-boss's own consumer, work(), as an adopter would first write it: `workers` workers of one job
 * each. A worker fetches once per polling interval (0.5 s at least) unless notified, however short
 * the job; this measures that ceiling with `seconds` of queued no-op jobs.
 */
export async function measureWorkApi(boss: PgBoss, name: string, workers: number, seconds: number): Promise<number> {
  const queue = await pgBossQueue(boss, name, { retryDelay: 0, retryBackoff: false, expireInSeconds: 60 });
  await queue.enqueue(workers * seconds * 20);
  let done = 0;
  for (let i = 0; i < workers; i++) {
    await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async () => {
      done += 1;
    });
  }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const jobsPerSecond = done / seconds;
  await boss.offWork(name);
  return Math.round(jobsPerSecond * 10) / 10;
}
