/**
 * Speech to text, two ways: an OpenAI-compatible `POST {baseUrl}/audio/transcriptions` (OpenAI,
 * faster-whisper servers, whisper.cpp, LocalAI), or pocketsphinx on this machine with a language
 * model of KAI's own vocabulary (the Debian packages pocketsphinx and pocketsphinx-en-us).
 */
import { execFile } from 'node:child_process';
import { access, constants, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWav, type RecordingFormat } from './audio-decoding';
import { withDeadline } from './deadline';

interface TranscriptionInput {
  audio: Uint8Array;
  format: RecordingFormat;
  pcm16k: Int16Array;
}

export interface SpeechRecognizer {
  readonly engine: 'openai-compatible' | 'pocketsphinx';
  /** `audio` is the original recording (for servers) and `pcm16k` the decoded 16 kHz mono PCM (for pocketsphinx). */
  transcribe(input: TranscriptionInput, signal?: AbortSignal): Promise<string>;
}

export class SpeechRecognitionError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SpeechRecognitionError';
  }
}

const UPLOAD: Record<RecordingFormat, { name: string; type: string }> = {
  wav: { name: 'recording.wav', type: 'audio/wav' },
  'ogg-opus': { name: 'recording.ogg', type: 'audio/ogg' },
  'webm-opus': { name: 'recording.webm', type: 'audio/webm' },
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createOpenAiSpeechRecognizer(options: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  language?: string;
  /** Vocabulary hints sent as `prompt` (vendor names, accounting terms). */
  prompt?: () => string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): SpeechRecognizer {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  const doFetch = options.fetch ?? fetch;
  // A server may echo the request back in its error; the key must not reach logs that way.
  const redact = (text: string) => (options.apiKey ? text.replaceAll(options.apiKey, '[redacted]') : text);

  return {
    engine: 'openai-compatible',
    async transcribe({ audio, format }, signal) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio)], { type: UPLOAD[format].type }), UPLOAD[format].name);
      form.append('model', options.model);
      form.append('response_format', 'json');
      if (options.language) form.append('language', options.language);
      const prompt = options.prompt?.().trim();
      if (prompt) form.append('prompt', prompt);
      return withDeadline(options.timeoutMs ?? 60_000, signal, async (deadline) => {
        let response: Response;
        try {
          response = await doFetch(url, {
            method: 'POST',
            headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
            body: form,
            signal: deadline.signal,
          });
        } catch (error) {
          throw new SpeechRecognitionError(redact(`speech server request failed: ${messageOf(error)}`));
        }
        if (!response.ok) {
          const detail = redact((await response.text().catch(() => '')).slice(0, 200));
          throw new SpeechRecognitionError(`speech server answered ${response.status}${detail ? `: ${detail}` : ''}`, response.status);
        }
        const body = (await response.json().catch(() => undefined)) as { text?: unknown } | undefined;
        if (typeof body?.text !== 'string') throw new SpeechRecognitionError('speech server answered without a transcript', response.status);
        return body.text.trim();
      });
    },
  };
}

// Where package managers put it; config (not this adapter) reads the environment.
const BINARY_DIRS = ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin', '/opt/local/bin'];
const MODEL_DIRS = ['/usr/share/pocketsphinx/model/en-us', '/usr/local/share/pocketsphinx/model/en-us'];

const exists = (path: string, mode = constants.R_OK) =>
  access(path, mode).then(
    () => true,
    () => false,
  );

/** Finds pocketsphinx at start: returns `{ missing }` (the reason) when the binary or the English model is missing. */
export async function detectPocketsphinx(
  options: { binary?: string; modelDir?: string } = {},
): Promise<{ binary: string; hmm: string; dict: string } | { missing: string }> {
  const install = 'install the Debian packages pocketsphinx and pocketsphinx-en-us';
  const candidates = options.binary ? [options.binary] : BINARY_DIRS.map((dir) => join(dir, 'pocketsphinx_continuous'));
  let binary: string | undefined;
  for (const candidate of candidates) if (!binary && (await exists(candidate, constants.X_OK))) binary = candidate;
  if (!binary) return { missing: `pocketsphinx_continuous was not found (${install})` };
  for (const dir of options.modelDir ? [options.modelDir] : MODEL_DIRS) {
    const hmm = join(dir, 'en-us');
    const dict = join(dir, 'cmudict-en-us.dict');
    if ((await exists(join(hmm, 'mdef'))) && (await exists(dict))) return { binary, hmm, dict };
  }
  return { missing: `the pocketsphinx English model was not found (${install})` };
}

/** Runs tasks `limit` at a time; a task whose signal aborts while it waits never starts. */
function createQueue(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (running >= limit) {
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        };
        const cancel = () => {
          waiting.splice(waiting.indexOf(start), 1);
          reject(new SpeechRecognitionError('transcription cancelled'));
        };
        signal?.addEventListener('abort', cancel, { once: true });
        waiting.push(start);
      });
    }
    signal?.throwIfAborted();
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * pocketsphinx_continuous prints one line per stretch of speech it finds between pauses; the
 * lines together are the transcript. Fillers (<sil>, [NOISE]) are dropped in case they appear.
 */
export function parseHypothesis(stdout: string): string {
  return stdout
    .split('\n')
    .filter((line) => !/^(INFO|ERROR|WARNING|FATAL)/.test(line))
    .flatMap((line) => line.trim().split(/\s+/))
    .filter((word) => word && !/^[<[].*[>\]]$/.test(word))
    .map((word) => word.replace(/\(\d+\)$/, ''))
    .join(' ');
}

export function createPocketsphinxRecognizer(options: {
  binary: string;
  hmm: string;
  /** The full dictionary (detectPocketsphinx finds it), for a model that brings no dictionary of its own. */
  dict: string;
  /** The domain language model, rebuilt when the vocabulary changes. */
  languageModel: () => Promise<{ lmPath: string; dictPath: string }>;
  timeoutMs?: number;
  /** Decodes at a time: each one keeps a core busy. */
  concurrency?: number;
}): SpeechRecognizer {
  const queue = createQueue(options.concurrency ?? 1);
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function decode(pcm16k: Int16Array, signal?: AbortSignal): Promise<string> {
    const { lmPath, dictPath } = await options.languageModel();
    const dir = await mkdtemp(join(tmpdir(), 'kai-stt-'));
    try {
      // The .wav name matters: pocketsphinx_continuous checks and skips the header only then.
      const wavPath = join(dir, 'clip.wav');
      await writeFile(wavPath, encodeWav(pcm16k, 16_000));
      const args = ['-infile', wavPath, '-hmm', options.hmm, '-lm', lmPath, '-dict', dictPath || options.dict, '-logfn', '/dev/null'];
      const stdout = await new Promise<string>((resolve, reject) => {
        execFile(options.binary, args, { timeout: timeoutMs, killSignal: 'SIGKILL', signal, maxBuffer: 1024 * 1024 }, (error, out) => {
          if (!error) resolve(out);
          else if (signal?.aborted) reject(new SpeechRecognitionError('transcription cancelled'));
          else if (error.killed) reject(new SpeechRecognitionError(`pocketsphinx took longer than ${timeoutMs} ms`));
          else reject(new SpeechRecognitionError(`pocketsphinx failed: ${messageOf(error)}`));
        });
      });
      return parseHypothesis(stdout);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    engine: 'pocketsphinx',
    async transcribe({ pcm16k }, signal) {
      // Under a tenth of a second is a click, not a question; pocketsphinx would answer nothing anyway.
      if (pcm16k.length < 1600) return '';
      return queue(() => decode(pcm16k, signal), signal);
    },
  };
}
