/** A job as a consumer sees it once claimed: `attempt` counts from 1. */
interface ClaimedJob {
  id: string;
  attempt: number;
}

/** Throwing fails the attempt. */
export type Handler = (job: ClaimedJob) => Promise<void>;

/**
 * How a claim ended: `accepted` is whether the queue took the worker's word for it. A worker whose
 * claim expired (it hung, another took the job) should be refused; that is what decides whether a
 * document can get two results.
 */
export interface Settlement {
  job: ClaimedJob;
  outcome: 'done' | 'retry' | 'failed';
  accepted: boolean;
}

export type OnSettled = (settlement: Settlement) => void;

/** One queue under measurement, reduced to what KAI's document worker does with one. */
export interface BenchQueue {
  enqueue(count: number): Promise<string[]>;
  /** Claims one job, runs it and settles it the queue's way; false when nothing could be claimed. */
  runOnce(handler: Handler, onSettled?: OnSettled): Promise<boolean>;
  /** Where a job that failed for good shows, and the reason kept with it. */
  failure(id: string): Promise<{ state: string; reason: string } | undefined>;
}

export interface Consumers {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The runner of server/modules/documents/documents.queue.ts, minus logging and purges, for either
 * queue: one loop per concurrency slot drains until nothing is claimable, then sleeps until woken
 * (an upload in this process) or the next poll. Both queues run under the same loop, so the
 * figures compare their SQL and their rules, not two styles of polling.
 */
export function consume(queue: BenchQueue, options: { concurrency: number; pollMs: number; handler: Handler; onSettled?: OnSettled }): Consumers {
  let stopped = false;
  let loops = 0;
  const running = new Set<Promise<void>>();

  async function loop(): Promise<void> {
    loops += 1;
    try {
      while (!stopped && (await queue.runOnce(options.handler, options.onSettled).catch(() => false))) {
        // keep draining
      }
    } finally {
      loops -= 1;
    }
  }

  function wake(): void {
    while (!stopped && loops < options.concurrency) {
      const work = loop();
      running.add(work);
      void work.finally(() => running.delete(work));
    }
  }

  const timer = setInterval(wake, options.pollMs);
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `done` until it holds; throws after `timeoutMs` so a stuck queue ends the run instead of hanging it. */
export async function waitFor(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 20): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Nearest-rank percentile of unsorted samples, rounded to 0.1. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  return Math.round(value * 10) / 10;
}
