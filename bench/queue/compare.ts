import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';
import { openDatabase, type Database } from '../../server/db/client';
import { measureCrashRecovery } from './crash';
import { createBenchDatabase } from './databases';
import { kaiQueue } from './kai-queue';
import { measureLatency, measureRetries, measureStaleWorker, measureThroughput } from './measure';
import { measureWorkApi, pgBossQueue, startPgBoss, type PgBossQueueOptions } from './pgboss-queue';

/**
 * Issue 17: KAI's hand-written extraction queue (the documents table, decision 004) against
 * pg-boss 10, the maintained PostgreSQL job library that installs on Node 20. Prints one JSON row
 * per figure (`queue.<name>.<kai|pgboss>`, the other queue's figure as reference) and one object of
 * details. `npx tsx bench/queue/compare.ts [postgres] [pglite]`; PostgreSQL needs DATABASE_URL and
 * gets a throwaway database. Both queues run under the same consumer loop (bench-queue.ts).
 */
const LOCK_MS = 2_000;
const POLL_MS = 500;
const THROUGHPUT_JOBS = 2_000;
const CONSUMERS = 4;
const LIGHT_RATE = { rate: 20, seconds: 5 };

type Pair = { kai: number; pgboss: number };
const details: Record<string, unknown> = {};

function print(name: string, unit: string, values: Pair, better: 'lower' | 'higher' = 'lower'): void {
  for (const [queue, other] of [
    ['kai', 'pgboss'],
    ['pgboss', 'kai'],
  ] as const) {
    const row = {
      figure: `queue.${name}.${queue}`,
      value: values[queue],
      unit,
      better,
      reference: { figure: `queue.${name}.${other}`, value: values[other] },
    };
    process.stdout.write(`${JSON.stringify(row)}\n`);
  }
}

async function onPostgres(serverUrl: string): Promise<void> {
  const database = await createBenchDatabase(serverUrl);
  try {
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    // Maintenance (expiry of abandoned jobs) every second instead of 120: recovery is compared at equal settings.
    const boss = await startPgBoss({ connection: { url: database.url }, supervise: true, maintenanceIntervalSeconds: 1 });
    try {
      await postgresFigures(handle.db, boss, database.url);
    } finally {
      await boss.stop({ graceful: false, wait: true });
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

async function postgresFigures(db: Database, boss: PgBoss, url: string): Promise<void> {
  const kai = kaiQueue(db, LOCK_MS);
  const queue = (name: string, options: Partial<PgBossQueueOptions> = {}) =>
    pgBossQueue(boss, name, { retryDelay: 0, retryBackoff: false, expireInSeconds: LOCK_MS / 1000, ...options });

  const throughput = {
    kai: await measureThroughput(kai, THROUGHPUT_JOBS, CONSUMERS),
    pgboss: await measureThroughput(await queue('throughput'), THROUGHPUT_JOBS, CONSUMERS),
  };
  print('throughput', 'jobs/s', { kai: throughput.kai.jobsPerSecond, pgboss: throughput.pgboss.jobsPerSecond }, 'higher');
  details.throughput = throughput;
  const workApi = await measureWorkApi(boss, 'work-api', CONSUMERS, 3);
  process.stdout.write(
    `${JSON.stringify({ figure: 'queue.throughput_work_api.pgboss', value: workApi, unit: 'jobs/s', better: 'higher', reference: { figure: 'queue.throughput.kai', value: throughput.kai.jobsPerSecond } })}\n`,
  );

  for (const wake of [true, false]) {
    const options = { ...LIGHT_RATE, wake, pollMs: POLL_MS };
    const latency = { kai: await measureLatency(kai, options), pgboss: await measureLatency(await queue(`latency-${wake}`), options) };
    const name = wake ? 'latency_woken' : 'latency_polled';
    print(`${name}_p50`, 'ms', { kai: latency.kai.p50, pgboss: latency.pgboss.p50 });
    print(`${name}_p95`, 'ms', { kai: latency.kai.p95, pgboss: latency.pgboss.p95 });
  }

  const crash = {
    kai: await measureCrashRecovery(kai, ['kai', url, String(LOCK_MS)], POLL_MS),
    pgboss: await measureCrashRecovery(await queue('crash'), ['pgboss', url, String(LOCK_MS), 'crash'], POLL_MS),
  };
  print('crash_recovery', 'ms', { kai: crash.kai.recoveryMs, pgboss: crash.pgboss.recoveryMs });
  print('crash_ran_twice', 'jobs', { kai: crash.kai.ranTwice, pgboss: crash.pgboss.ranTwice });
  print('crash_lost', 'jobs', { kai: crash.kai.lost, pgboss: crash.pgboss.lost });
  details.crash = crash;

  const retries = {
    kai: await measureRetries(kai, POLL_MS),
    pgboss: await measureRetries(await queue('retries', { retryDelay: 1, retryBackoff: true }), POLL_MS),
  };
  print('attempts_of_failing_job', 'attempts', { kai: retries.kai.attempts, pgboss: retries.pgboss.attempts });
  print('retry_gap_1', 'ms', { kai: retries.kai.gaps[0] ?? -1, pgboss: retries.pgboss.gaps[0] ?? -1 });
  print('retry_gap_2', 'ms', { kai: retries.kai.gaps[1] ?? -1, pgboss: retries.pgboss.gaps[1] ?? -1 });
  details.retries = retries;

  const stale = {
    kai: await measureStaleWorker(kaiQueue(db, 3_000), 5_000, 250),
    pgboss: await measureStaleWorker(await queue('stale', { expireInSeconds: 3 }), 5_000, 250),
  };
  print('stale_result_accepted', 'results', { kai: stale.kai.staleAccepted, pgboss: stale.pgboss.staleAccepted });
  details.stale = stale;
}

/** The embedded default: both queues in one in-memory PGlite, pg-boss through its `db` option. */
async function onPglite(): Promise<void> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  const pglite = (handle.db as unknown as { $client: PGlite }).$client;
  const boss = await startPgBoss({ connection: { pglite }, supervise: true });
  try {
    const kai = kaiQueue(handle.db, LOCK_MS);
    const queue = (name: string) => pgBossQueue(boss, name, { retryDelay: 0, retryBackoff: false, expireInSeconds: LOCK_MS / 1000 });
    const throughput = {
      kai: await measureThroughput(kai, THROUGHPUT_JOBS, CONSUMERS),
      pgboss: await measureThroughput(await queue('throughput'), THROUGHPUT_JOBS, CONSUMERS),
    };
    print('throughput_pglite', 'jobs/s', { kai: throughput.kai.jobsPerSecond, pgboss: throughput.pgboss.jobsPerSecond }, 'higher');
    details.throughputPglite = throughput;
    const options = { ...LIGHT_RATE, wake: true, pollMs: POLL_MS };
    const latency = { kai: await measureLatency(kai, options), pgboss: await measureLatency(await queue('latency'), options) };
    print('latency_woken_pglite_p50', 'ms', { kai: latency.kai.p50, pgboss: latency.pgboss.p50 });
    print('latency_woken_pglite_p95', 'ms', { kai: latency.kai.p95, pgboss: latency.pgboss.p95 });
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await handle.close();
  }
}

const wanted = process.argv.slice(2);
const run = (part: string) => wanted.length === 0 || wanted.includes(part);
const serverUrl = process.env.DATABASE_URL;
if (run('postgres') && !serverUrl) {
  process.stderr.write('bench/queue/compare.ts: the PostgreSQL part needs DATABASE_URL; run with `pglite` for the embedded part only.\n');
  process.exit(1);
}
if (run('postgres')) await onPostgres(serverUrl!);
if (run('pglite')) await onPglite();
process.stdout.write(`${JSON.stringify({ bench: 'queue', settings: { LOCK_MS, POLL_MS, THROUGHPUT_JOBS, CONSUMERS, LIGHT_RATE }, ...details })}\n`);
process.exit(0);
