import { afterAll, describe, expect, it } from 'vitest';
import { threadsAtNice } from '../../adapters/extractors/test-fixtures';
import { createFliteSynthesizer } from '../../adapters/speech-synthesis';
import { createFliteThreads } from './flite-threads';

// Threads are told apart by their nice value: one no other test's pool uses.
const TEST_NICE = 13;
const SENTENCES = ['The invoice was approved.', 'It will be paid on Friday.', 'Retainage stays held.'];
const threads = createFliteThreads({ threads: 1, nice: TEST_NICE });
afterAll(() => threads.close());

async function bytesOf(audio: Promise<{ chunks: AsyncIterable<Uint8Array> }>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of (await audio).chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('flite in worker threads', () => {
  it('makes the same WAV as flite on the calling thread', async () => {
    const [inThreads, inline] = await Promise.all([bytesOf(threads.synthesize(SENTENCES)), bytesOf(createFliteSynthesizer().synthesize(SENTENCES))]);
    expect(inThreads.length).toBeGreaterThan(16_000);
    expect(inThreads.equals(inline)).toBe(true);
  });

  it.runIf(process.platform === 'linux')('reads at a lower priority than the event loop, on no more threads than it is given', async () => {
    await bytesOf(threads.synthesize(SENTENCES));
    // A worker thread is several OS threads (V8's own among them), all at the nice value set at its start.
    const one = threadsAtNice(TEST_NICE);
    expect(one.length).toBeGreaterThan(0);
    await Promise.all([1, 2, 3].map(() => bytesOf(threads.synthesize(SENTENCES))));
    expect(threadsAtNice(TEST_NICE)).toEqual(one);
  });

  it('fails a clip with an error, not a hang, once closed', async () => {
    const closed = createFliteThreads({ threads: 1, nice: TEST_NICE });
    await closed.close();
    await expect(closed.synthesize(['Hello.'])).rejects.toThrow();
  });
});
