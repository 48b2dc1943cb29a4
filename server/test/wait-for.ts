/** Reads until `done` holds or the deadline passes; the last value is returned either way, for the test to judge. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, deadlineMs: number, intervalMs = 100): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Calls `attempt` until it succeeds, every 2 s while its error is `retryable`, until the deadline. */
export async function retry<T>(attempt: () => Promise<T>, retryable: (err: unknown) => boolean, deadlineMs: number): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (!retryable(err) || Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}
