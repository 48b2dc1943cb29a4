/**
 * Entry of a flite thread (flite-threads.ts): one sentence in, its WAV out, one at a time. The
 * thread runs at a lower priority than the HTTP event loop, so requests get the core first.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../adapters/extractors/thread-priority';
import { createFliteSynthesizer } from '../../adapters/speech-synthesis';

export interface FliteJob {
  id: number;
  text: string;
}

export type FliteReply = { id: number; wav: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('flite.worker.ts must run in a worker thread');
const settings = workerData as { voice: string; nice: number };
lowerThisThreadsPriority(settings.nice);
const synthesizer = createFliteSynthesizer({ voice: settings.voice });

port.on('message', async ({ id, text }: FliteJob) => {
  try {
    const parts: Uint8Array[] = [];
    for await (const chunk of (await synthesizer.synthesize([text])).chunks) parts.push(chunk);
    // Its own buffer (not Buffer's shared pool), so it can be handed over without a copy.
    const wav = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    parts.reduce((at, part) => (wav.set(part, at), at + part.length), 0);
    port.postMessage({ id, wav } satisfies FliteReply, [wav.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies FliteReply);
  }
});
