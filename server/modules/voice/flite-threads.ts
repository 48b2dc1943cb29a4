/**
 * The embedded flite voice, run in worker threads instead of on the HTTP event loop. flite blocks
 * while it reads a sentence (20-40 ms, mostly setting up a fresh WASI instance), so on the main
 * thread six clips made every other request wait behind six sentences at each step. Here each
 * thread takes one sentence at a time at nice 10, and the clip is assembled as the adapter does
 * (a streaming WAV header, then each sentence's samples after a short silence).
 */
import { Worker } from 'node:worker_threads';
import { SpeechSynthesisError, type SpeechSynthesizer } from '../../adapters/speech-synthesis';
import type { FliteJob, FliteReply } from './flite.worker';

export interface FliteThreadsOptions {
  /** Sentences read at once; the instance's share of cores for speech. */
  threads: number;
  voice?: string;
  /** Linux nice value of the threads: below the HTTP event loop, like the extraction workers. */
  nice?: number;
}

/** The pause the adapter puts between sentences. */
const SILENCE_BETWEEN_SENTENCES_MS = 250;
/** One sentence takes tens of milliseconds; a thread that takes this long is stuck and replaced. */
const SENTENCE_TIMEOUT_MS = 20_000;
const WORKER_URL = new URL('./flite-worker-boot.mjs', import.meta.url);

interface Job extends FliteJob {
  resolve: (wav: Uint8Array) => void;
  reject: (error: Error) => void;
}

/** The 16-bit mono WAV flite's adapter writes: a 44-byte header whose data chunk runs to the end. */
function samplesOf(wav: Uint8Array): { sampleRate: number; samples: Uint8Array } {
  const bytes = Buffer.from(wav.buffer, wav.byteOffset, wav.length);
  if (bytes.length < 44 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 36, 40) !== 'data') {
    throw new SpeechSynthesisError('flite thread sent no streaming WAV');
  }
  return { sampleRate: bytes.readUInt32LE(24), samples: bytes.subarray(44) };
}

export function createFliteThreads(options: FliteThreadsOptions): SpeechSynthesizer & { close(): Promise<void> } {
  const workerData = { voice: options.voice ?? 'kal16', nice: options.nice ?? 10 };
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;

  function spawn(): Worker {
    const worker = new Worker(WORKER_URL, { workerData });
    worker.unref();
    all.add(worker);
    // A thread that fails while idle is forgotten (a job's own listeners report a failure during it).
    worker
      .on('error', () => undefined)
      .once('exit', () => {
        all.delete(worker);
        if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
      });
    return worker;
  }

  /** Gives the next sentence to a free thread, starting one if fewer than `threads` run. */
  function dispatch(): void {
    while (queue.length && (idle.length || all.size < options.threads)) run(idle.pop() ?? spawn(), queue.shift()!);
  }

  function run(worker: Worker, job: Job): void {
    const done = (fail?: Error) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onFailure).off('exit', onExit);
      if (fail) {
        all.delete(worker);
        void worker.terminate();
      } else idle.push(worker);
      dispatch();
    };
    const onMessage = (reply: FliteReply) => {
      if (reply.id !== job.id) return;
      done();
      if ('error' in reply) job.reject(new SpeechSynthesisError(reply.error));
      else job.resolve(reply.wav);
    };
    const onFailure = (error: Error) => {
      done(error);
      job.reject(new SpeechSynthesisError(`flite thread failed: ${error.message}`));
    };
    const onExit = (code: number) => onFailure(new Error(`exited with code ${code}`));
    const timer = setTimeout(() => onFailure(new Error(`no audio within ${SENTENCE_TIMEOUT_MS} ms`)), SENTENCE_TIMEOUT_MS);
    worker.on('message', onMessage).on('error', onFailure).on('exit', onExit);
    const { id, text } = job;
    worker.postMessage({ id, text } satisfies FliteJob);
  }

  const read = (text: string) =>
    new Promise<Uint8Array>((resolve, reject) => {
      if (closed) return reject(new SpeechSynthesisError('speech synthesis has shut down'));
      queue.push({ id: ++nextId, text, resolve, reject });
      dispatch();
    });

  async function* audio(first: Uint8Array, sampleRate: number, rest: string[], signal?: AbortSignal): AsyncGenerator<Uint8Array> {
    yield first;
    const silence = Buffer.alloc(Math.round((sampleRate * SILENCE_BETWEEN_SENTENCES_MS) / 1000) * 2);
    for (const text of rest) {
      signal?.throwIfAborted();
      const pcm = samplesOf(await read(text));
      if (pcm.sampleRate !== sampleRate) throw new SpeechSynthesisError(`flite changed sample rate mid-answer (${pcm.sampleRate} Hz)`);
      yield Buffer.concat([silence, pcm.samples]);
    }
  }

  return {
    engine: 'flite',
    async synthesize(sentences, signal) {
      signal?.throwIfAborted();
      const texts = sentences.map((sentence) => sentence.trim()).filter(Boolean);
      if (!texts.length) throw new SpeechSynthesisError('nothing to read aloud');
      const first = await read(texts[0]);
      return { contentType: 'audio/wav', chunks: audio(first, samplesOf(first).sampleRate, texts.slice(1), signal) };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new SpeechSynthesisError('speech synthesis is shutting down'));
      await Promise.all([...all].map((worker) => worker.terminate()));
      all.clear();
      idle.length = 0;
    },
  };
}
