/**
 * Whose speech synthesis runs next (issue 27, finding 9: six clips from one user slowed another
 * user's list from 40 ms to 1.2 s). A clip is made one sentence at a time: the engine's first call at
 * POST, one more each time the reader pulls more audio. Each call takes a turn here:
 * - per user, one turn at a time, and the turns of clips already started go before new clips:
 *   a user's clips take their turns one after another instead of all at once;
 * - per instance, at most `concurrency` turns at a time, users served in rotation: a user with a
 *   queue delays another user by at most one sentence per slot;
 * - a new clip waits behind at most `maxWaitingClips` of the same user's new clips (else 429) and
 *   for at most `maxWaitMs` (else 503); both answers say when to try again.
 * A clip nobody is reading holds no turn, so a client that stops reading blocks nobody.
 */
import { AppError } from '../../errors';

/** A new clip refused: its user already has clips waiting (429) or the engine is saturated (503). */
export class SynthesisBusyError extends AppError {
  constructor(
    statusCode: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, 'speech_busy', message);
  }
}

export interface SynthesisQueueOptions {
  /** Turns at once on this instance (Infinity for an engine that runs elsewhere). */
  concurrency: number;
  /** New clips of one user that may wait while one of theirs runs. */
  maxWaitingClips: number;
  /** The longest a new clip waits for its first turn. */
  maxWaitMs: number;
}

/** The few seconds a refused clip is told to wait: about one clip at the length cap. */
const RETRY_AFTER_SECONDS = 5;

interface Turn {
  begin: () => void;
  timer?: NodeJS.Timeout;
}

interface Lane {
  /** Turns of clips already started: they go first. */
  continuing: Turn[];
  /** First turns of new clips. */
  starting: Turn[];
  running: boolean;
  /** In `ready`, waiting for an instance slot. */
  ready: boolean;
}

export function createSynthesisQueue(options: SynthesisQueueOptions) {
  const lanes = new Map<string, Lane>();
  /** Users whose next turn waits for a slot, oldest first. */
  const ready: string[] = [];
  let running = 0;

  const laneOf = (userId: string): Lane => {
    let lane = lanes.get(userId);
    if (!lane) lanes.set(userId, (lane = { continuing: [], starting: [], running: false, ready: false }));
    return lane;
  };

  /** A lane with work and no running turn joins the end of the rotation; an idle, empty one is dropped. */
  function settle(userId: string, lane: Lane): void {
    if (lane.running || lane.ready) return;
    if (lane.continuing.length || lane.starting.length) {
      lane.ready = true;
      ready.push(userId);
    } else lanes.delete(userId);
  }

  function dispatch(): void {
    while (running < options.concurrency && ready.length) {
      const userId = ready.shift()!;
      const lane = lanes.get(userId)!;
      lane.ready = false;
      const turn = lane.continuing.shift() ?? lane.starting.shift();
      if (!turn) {
        settle(userId, lane); // its only new clip gave up waiting
        continue;
      }
      clearTimeout(turn.timer);
      lane.running = true;
      running++;
      turn.begin();
    }
  }

  function take<T>(userId: string, work: () => Promise<T>, kind: 'continuing' | 'starting'): Promise<T> {
    const lane = laneOf(userId);
    if (kind === 'starting' && lane.starting.length >= options.maxWaitingClips) {
      return Promise.reject(
        new SynthesisBusyError(429, 'Other answers of yours are still waiting to be read aloud. Try again in a few seconds.', RETRY_AFTER_SECONDS),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const turn: Turn = {
        begin: () => {
          Promise.resolve()
            .then(work)
            .then(resolve, reject)
            .finally(() => {
              lane.running = false;
              running--;
              settle(userId, lane);
              dispatch();
            });
        },
      };
      if (kind === 'starting') {
        turn.timer = setTimeout(() => {
          // The lane is running or in the rotation: either way it is looked at again.
          lane.starting.splice(lane.starting.indexOf(turn), 1);
          reject(new SynthesisBusyError(503, 'Reading aloud is busy right now. Please try again in a few seconds.', RETRY_AFTER_SECONDS));
        }, options.maxWaitMs);
        turn.timer.unref();
      }
      lane[kind].push(turn);
      settle(userId, lane);
      dispatch();
    });
  }

  return {
    /** A new clip's first engine call; refused with SynthesisBusyError when it would wait too long. */
    start: <T>(userId: string, work: () => Promise<T>): Promise<T> => take(userId, work, 'starting'),

    /** The clip's audio, each later engine call (one sentence, or one read from a speech server) taking its turn. */
    async *continue(userId: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      const iterator = chunks[Symbol.asyncIterator]();
      try {
        for (;;) {
          const next = await take(userId, () => iterator.next(), 'continuing');
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // The reader went away (or the engine failed): the engine's clip ends with it.
        await iterator.return?.();
      }
    },
  };
}

export type SynthesisQueue = ReturnType<typeof createSynthesisQueue>;
