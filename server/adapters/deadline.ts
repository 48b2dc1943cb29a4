/**
 * A time limit on work that can also be stopped from outside. Node 20's
 * `AbortSignal.any([outer, AbortSignal.timeout(ms)])` holds its timeout source weakly, so a
 * garbage collection before the limit can drop it and the limit never comes (nodejs/node#57736):
 * a chat whose model went quiet then waited forever. Here the timer holds the controller, so the
 * limit holds for as long as it is armed.
 */
export interface Deadline {
  /** Aborts at the limit (reason: a `TimeoutError`) or when the outer signal does (its reason). */
  signal: AbortSignal;
  /** True once the limit itself fired, as opposed to the outer signal. */
  readonly expired: boolean;
  /** Disarms the timer and lets go of the outer signal; call it when the work is over. */
  clear(): void;
}

export function startDeadline(ms: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`The operation timed out after ${ms} ms`, 'TimeoutError'));
  }, ms);
  // Like AbortSignal.timeout, the limit alone does not keep a process alive.
  timer.unref();
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/** Runs `work` under a deadline that is cleared however the work ends. */
export async function withDeadline<T>(ms: number, outer: AbortSignal | undefined, work: (deadline: Deadline) => Promise<T>): Promise<T> {
  const deadline = startDeadline(ms, outer);
  try {
    return await work(deadline);
  } finally {
    deadline.clear();
  }
}
