/** Reads until `done` holds or the deadline passes; the last value is returned either way, for the test to judge. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, deadlineMs: number, intervalMs = 100): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
