import cluster from 'node:cluster';

const STOP_DEADLINE_MS = 35_000;
/** A process that dies this soon after starting is not restarted again and again. */
const CRASH_LOOP_MS = 5_000;

/**
 * The primary of `KAI_WORKERS=N`: forks N HTTP processes that share the port (Node's cluster
 * hands connections round-robin) and the PostgreSQL database, replaces one that dies, and passes
 * SIGTERM/SIGINT on so each finishes its requests. It holds no state and opens no database.
 */
export function runPrimary(processes: number, log: (line: string) => void): void {
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(
      `KAI process ${worker.process.pid} exited (${signal ?? `code ${code}`})${lived < CRASH_LOOP_MS ? '; it failed at start, so it is not replaced' : '; starting another'}`,
    );
    if (lived >= CRASH_LOOP_MS) fork();
    else if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  log(`KAI starting ${processes} HTTP processes (KAI_WORKERS)`);
  for (let i = 0; i < processes; i++) fork();
}

export const isClusterPrimary = () => cluster.isPrimary;

/** Start-up chores done once per instance (indexing the guide) go to the first process only. */
export const isFirstProcess = () => !cluster.isWorker || cluster.worker?.id === 1;
