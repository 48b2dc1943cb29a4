/**
 * Long CPU work in steps. A steps function is a generator that yields (nothing) wherever a pause
 * is harmless, and returns its result. `runToEnd` runs it at once; `runInSlices` runs it in slices
 * of about 20 ms and lets the event loop through in between, so indexing several megabytes of text
 * never holds the HTTP process (issue 27, finding 4).
 */
export type Steps<T> = Generator<void, T, void>;

const SLICE_MS = 20;

export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** `onPause` is called after each pause (tests count them). */
export async function runInSlices<T>(steps: Steps<T>, onPause?: () => void): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise(setImmediate);
      onPause?.();
      sliceStart = performance.now();
    }
  }
}
