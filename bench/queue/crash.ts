import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consume, waitFor, type BenchQueue, type Settlement } from './bench-queue';

const root = fileURLToPath(new URL('../..', import.meta.url));
const JOBS = 20;

/**
 * A consumer in another process claims a job and is killed with SIGKILL mid-job; consumers here
 * then drain the queue. How long after the kill the orphaned job started again here, and how many
 * jobs finished more than once or never. `childArgs` tell crash-child.ts which queue to claim from.
 */
export async function measureCrashRecovery(queue: BenchQueue, childArgs: string[], pollMs: number) {
  const ids = await queue.enqueue(JOBS);
  const { orphan, killedAt } = await claimAndKill(childArgs);
  const startedAt = new Map<string, number>();
  const settlements: Settlement[] = [];
  const handler = async ({ id }: { id: string }) => {
    if (!startedAt.has(id)) startedAt.set(id, performance.now());
  };
  const consumers = consume(queue, { concurrency: 4, pollMs, handler, onSettled: (s) => settlements.push(s) });
  try {
    await waitFor('the orphaned job to finish', () => settlements.some((s) => s.job.id === orphan && s.outcome === 'done'), 30_000);
    await waitFor('every job', () => ids.every((id) => settlements.some((s) => s.job.id === id)), 10_000);
  } finally {
    await consumers.stop();
  }
  const counts = ids.map((id) => settlements.filter((s) => s.job.id === id && s.outcome === 'done' && s.accepted).length);
  return {
    recoveryMs: Math.round(startedAt.get(orphan)! - killedAt),
    ranTwice: counts.filter((n) => n > 1).length,
    lost: counts.filter((n) => n === 0).length,
    orphanAttempt: Math.max(...settlements.filter((s) => s.job.id === orphan).map((s) => s.job.attempt)),
  };
}

/** Starts crash-child.ts, waits for its claim, kills it with SIGKILL and waits for it to be gone. */
async function claimAndKill(childArgs: string[]): Promise<{ orphan: string; killedAt: number }> {
  // node with tsx's loader rather than the tsx command, which would run the script in a grandchild.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/queue/crash-child.ts'), ...childArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const orphan = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`crash-child claimed nothing in 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /claimed (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => reject(new Error(`crash-child exited before claiming:\n${output}`)));
  });
  child.kill('SIGKILL');
  const killedAt = performance.now();
  await exited;
  return { orphan, killedAt };
}
