import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../test/collect-garbage';
import { startDeadline } from './deadline';

describe('startDeadline', () => {
  it('fires at the limit even when a garbage collection runs first', async () => {
    const outer = new AbortController();
    const { signal } = startDeadline(50, outer.signal);
    collectGarbage();
    await sleep(150);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).name).toBe('TimeoutError');
  });

  it('says whether the limit or the outer signal stopped the work', async () => {
    const timed = startDeadline(20);
    await sleep(60);
    expect(timed.expired).toBe(true);

    const outer = new AbortController();
    const stopped = startDeadline(1_000, outer.signal);
    outer.abort(new Error('client left'));
    expect(stopped.signal.aborted).toBe(true);
    expect((stopped.signal.reason as Error).message).toBe('client left');
    expect(stopped.expired).toBe(false);
    stopped.clear();
  });

  it('is aborted at once when the outer signal already was', () => {
    const outer = AbortSignal.abort(new Error('gone'));
    expect(startDeadline(1_000, outer).signal.aborted).toBe(true);
  });

  it('stays quiet once cleared', async () => {
    const deadline = startDeadline(20);
    deadline.clear();
    await sleep(60);
    expect(deadline.signal.aborted).toBe(false);
  });
});
