import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSynthesisQueue, SynthesisBusyError } from './synthesis-queue';

/** Lets the promise chains run: the queue hands out the next turn. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Engine calls the test finishes by hand, and the order they started in. */
function fakeEngine() {
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  let running = 0;
  let mostAtOnce = 0;
  return {
    started,
    get mostAtOnce() {
      return mostAtOnce;
    },
    call(name: string) {
      return () =>
        new Promise<string>((resolve) => {
          started.push(name);
          mostAtOnce = Math.max(mostAtOnce, ++running);
          pending.set(name, () => {
            running--;
            resolve(name);
          });
        });
    },
    /** Finishes a running call and lets the queue hand out the next turn. */
    async finish(name: string) {
      const done = pending.get(name);
      if (!done) throw new Error(`${name} is not running (started: ${started.join(', ')})`);
      pending.delete(name);
      done();
      await settle();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('synthesis queue', () => {
  it("runs one user's clips one call at a time, while another user's call runs beside them", async () => {
    const queue = createSynthesisQueue({ concurrency: 2, maxWaitingClips: 5, maxWaitMs: 60_000 });
    const engine = fakeEngine();
    const clips = ['a1', 'a2', 'a3'].map((name) => queue.start('ann', engine.call(name)));
    const bob = queue.start('bob', engine.call('b1'));
    await settle();
    expect(engine.started).toEqual(['a1', 'b1']);
    await engine.finish('a1');
    expect(engine.started).toEqual(['a1', 'b1', 'a2']);
    await engine.finish('b1');
    await engine.finish('a2');
    await engine.finish('a3');
    expect(await Promise.all([...clips, bob])).toEqual(['a1', 'a2', 'a3', 'b1']);
  });

  it('serves users in turn on a single slot: a second user waits for one call, not for the first user’s queue', async () => {
    const queue = createSynthesisQueue({ concurrency: 1, maxWaitingClips: 5, maxWaitMs: 60_000 });
    const engine = fakeEngine();
    for (const name of ['a1', 'a2', 'a3']) void queue.start('ann', engine.call(name));
    await settle();
    void queue.start('bob', engine.call('b1'));
    await engine.finish('a1');
    await engine.finish('b1');
    await engine.finish('a2');
    await engine.finish('a3');
    expect(engine.started).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(engine.mostAtOnce).toBe(1);
  });

  it('lets the clips already started go before a new clip of the same user', async () => {
    const queue = createSynthesisQueue({ concurrency: 1, maxWaitingClips: 5, maxWaitMs: 60_000 });
    const engine = fakeEngine();
    async function* rest(clip: string) {
      yield Buffer.from(await engine.call(`${clip}.2`)());
    }
    const read = async (clip: string) => {
      const chunks: string[] = [];
      for await (const chunk of queue.continue('ann', rest(clip))) chunks.push(chunk.toString());
      return chunks;
    };
    const x = read('x');
    await settle();
    const z = queue.start('ann', engine.call('z.1'));
    const y = read('y');
    await settle();
    await engine.finish('x.2');
    await engine.finish('y.2');
    await engine.finish('z.1');
    expect(engine.started).toEqual(['x.2', 'y.2', 'z.1']);
    await expect(Promise.all([x, y, z])).resolves.toEqual([['x.2'], ['y.2'], 'z.1']);
  });

  it('refuses a new clip with 429 when the user already has clips waiting, and says when to retry', async () => {
    const queue = createSynthesisQueue({ concurrency: 1, maxWaitingClips: 2, maxWaitMs: 60_000 });
    const engine = fakeEngine();
    const accepted = ['a1', 'a2', 'a3'].map((name) => queue.start('ann', engine.call(name)));
    const refused = queue.start('ann', engine.call('a4'));
    await expect(refused).rejects.toMatchObject({ statusCode: 429, code: 'speech_busy' });
    await expect(refused).rejects.toBeInstanceOf(SynthesisBusyError);
    await expect(refused.catch((error: SynthesisBusyError) => error.retryAfterSeconds)).resolves.toBeGreaterThan(0);
    // Another user is not affected by ann's queue.
    const bob = queue.start('bob', engine.call('b1'));
    for (const name of ['a1', 'b1', 'a2', 'a3']) await engine.finish(name);
    await expect(Promise.all([...accepted, bob])).resolves.toHaveLength(4);
    expect(engine.started).not.toContain('a4');
  });

  it('gives up on a new clip that waited too long with 503, and its turn never runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const queue = createSynthesisQueue({ concurrency: 1, maxWaitingClips: 5, maxWaitMs: 15_000 });
    const engine = fakeEngine();
    const first = queue.start('ann', engine.call('a1'));
    const late = queue.start('bob', engine.call('b1'));
    const lateOutcome = late.catch((error: unknown) => error);
    await settle();
    vi.advanceTimersByTime(15_000);
    expect(await lateOutcome).toMatchObject({ statusCode: 503, code: 'speech_busy' });
    await engine.finish('a1');
    await first;
    // The slot is free again for bob.
    const again = queue.start('bob', engine.call('b2'));
    await settle();
    await engine.finish('b2');
    await expect(again).resolves.toBe('b2');
    expect(engine.started).toEqual(['a1', 'b2']);
  });

  it('frees the turn when a call fails, and ends the engine’s audio when the reader stops', async () => {
    const queue = createSynthesisQueue({ concurrency: 1, maxWaitingClips: 5, maxWaitMs: 60_000 });
    const failing = queue.start('ann', () => Promise.reject(new Error('engine down')));
    await expect(failing).rejects.toThrow('engine down');
    let ended = false;
    async function* endless() {
      try {
        for (;;) yield Buffer.from('x');
      } finally {
        ended = true;
      }
    }
    for await (const chunk of queue.continue('ann', endless())) {
      expect(chunk.toString()).toBe('x');
      break;
    }
    expect(ended).toBe(true);
    await expect(queue.start('ann', () => Promise.resolve('next'))).resolves.toBe('next');
  });
});
