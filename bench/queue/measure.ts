import { consume, percentile, sleep, waitFor, type BenchQueue, type Settlement } from './bench-queue';

/** Jobs done once each, and the number done more than once or never. */
function completions(ids: string[], settlements: Settlement[]) {
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const { job, outcome, accepted } of settlements) if (outcome === 'done' && accepted) counts.set(job.id, (counts.get(job.id) ?? 0) + 1);
  const values = [...counts.values()];
  return { ranTwice: values.filter((n) => n > 1).length, lost: values.filter((n) => n === 0).length };
}

/** `jobs` no-op jobs queued first, then drained by `concurrency` loops in this process: jobs per second. */
export async function measureThroughput(queue: BenchQueue, jobs: number, concurrency: number) {
  const ids = await queue.enqueue(jobs);
  const settlements: Settlement[] = [];
  const started = performance.now();
  const consumers = consume(queue, { concurrency, pollMs: 500, handler: async () => {}, onSettled: (s) => settlements.push(s) });
  try {
    await waitFor(`${jobs} jobs`, () => settlements.length >= jobs, 90_000, 5);
  } finally {
    await consumers.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  return { jobsPerSecond: Math.round(jobs / seconds), ...completions(ids, settlements) };
}

/**
 * One job every 1/rate seconds for `seconds`, to consumers that are idle in between: time from the
 * enqueue call to the handler starting. `wake`: the producer wakes the consumers, as an upload wakes
 * the worker of its own process; otherwise they notice at their next poll, as a separate worker does.
 */
export async function measureLatency(queue: BenchQueue, options: { rate: number; seconds: number; wake: boolean; pollMs: number }) {
  const enqueuedAt = new Map<string, number>();
  const startedAt = new Map<string, number>();
  const handler = async ({ id }: { id: string }) => {
    if (!startedAt.has(id)) startedAt.set(id, performance.now());
  };
  const consumers = consume(queue, { concurrency: 4, pollMs: options.pollMs, handler });
  const total = options.rate * options.seconds;
  const first = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const at = performance.now();
      const [id] = await queue.enqueue(1);
      enqueuedAt.set(id, at);
      if (options.wake) consumers.wake();
      await sleep(Math.max(0, first + ((i + 1) * 1000) / options.rate - performance.now()));
    }
    await waitFor('every job to start', () => [...enqueuedAt.keys()].every((id) => startedAt.has(id)), 10_000);
  } finally {
    await consumers.stop();
  }
  const latencies = [...enqueuedAt].map(([id, at]) => startedAt.get(id)! - at);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), jobs: latencies.length };
}

/** A job that fails every attempt: when each attempt started, and what the queue keeps of the failure. */
export async function measureRetries(queue: BenchQueue, pollMs: number) {
  const [id] = await queue.enqueue(1);
  const starts: number[] = [];
  const handler = async () => {
    starts.push(performance.now());
    throw new Error('the extractor crashed (bench)');
  };
  const consumers = consume(queue, { concurrency: 1, pollMs, handler });
  try {
    await waitFor('the job to fail for good', async () => (await queue.failure(id)) !== undefined, 30_000, 100);
  } finally {
    await consumers.stop();
  }
  const gaps = starts.slice(1).map((at, i) => Math.round(at - starts[i]));
  return { attempts: starts.length, gaps, failure: await queue.failure(id) };
}

/**
 * A worker that hangs past its claim (`holdMs`, longer than the claim) while another takes the job
 * and is still at work when the first one finishes: whether the queue accepts the first worker's
 * late result (`staleAccepted`), and how many results it accepts in all.
 */
export async function measureStaleWorker(queue: BenchQueue, holdMs: number, pollMs: number) {
  await queue.enqueue(1);
  const settlements: Settlement[] = [];
  const handler = async ({ attempt }: { attempt: number }) => {
    if (attempt === 1) await sleep(holdMs);
    else await waitFor('the hung worker to finish', () => settlements.some((s) => s.job.attempt === 1), holdMs * 2);
  };
  const consumers = consume(queue, { concurrency: 2, pollMs, handler, onSettled: (s) => settlements.push(s) });
  try {
    await waitFor('both attempts to settle', () => settlements.length >= 2, holdMs * 3);
  } finally {
    await consumers.stop();
  }
  return {
    staleAccepted: settlements.filter((s) => s.accepted && s.job.attempt === 1).length,
    accepted: settlements.filter((s) => s.accepted).length,
  };
}
