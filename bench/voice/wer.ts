/**
 * Offline speech-to-text quality: word error rate of pocketsphinx on spoken accounting requests
 * (bench/voice/requests.ts), synthesised with several voices and speeds (espeak-ng, flite),
 * decoded and resampled to 16 kHz by KAI's own decoder. Two engines: pocketsphinx's general
 * English model against the domain-biased model KAI builds from its vocabulary. Goal: under 15%
 * with the domain model. One JSON line on stdout; progress on stderr.
 *
 *   npx tsx bench/voice/wer.ts
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { decodeRecording, toPcm16kMono } from '../../server/adapters/audio-decoding';
import { createPocketsphinxRecognizer, detectPocketsphinx, type SpeechRecognizer } from '../../server/adapters/speech-recognition';
import { createFliteSynthesizer } from '../../server/adapters/speech-synthesis';
import { BASE_PHRASES, buildLanguageModel, expandPhrases, toSpokenWords } from '../../server/modules/voice/voice-vocabulary';
import { BENCH_REQUESTS, FRESH_REQUESTS, VENDOR_MASTER } from './requests';

const run = promisify(execFile);

interface Voice {
  name: string;
  /** The WAV bytes of `text` spoken; `out` is a scratch file for command-line voices. */
  speak: (text: string, out: string) => Promise<Uint8Array>;
}

/** espeak-ng from Debian (skipped when not installed). */
const espeak = (voice: string, wpm: string) => async (text: string, out: string) => {
  await run('espeak-ng', ['-w', out, '-v', voice, '-s', wpm, text]);
  return new Uint8Array(await readFile(out));
};

/** flite's voices as KAI itself runs them (WASM from npm): nothing to install. */
const flite = (voice: 'slt' | 'kal16' | 'rms') => async (text: string) => {
  const audio = await createFliteSynthesizer({ voice }).synthesize([text]);
  const parts: Uint8Array[] = [];
  for await (const chunk of audio.chunks) parts.push(chunk);
  return new Uint8Array(Buffer.concat(parts));
};

const VOICES: Voice[] = [
  { name: 'espeak-ng en-us 150wpm', speak: espeak('en-us', '150') },
  { name: 'espeak-ng en-us+f3 180wpm', speak: espeak('en-us+f3', '180') },
  { name: 'flite slt', speak: flite('slt') },
  { name: 'flite kal16', speak: flite('kal16') },
  { name: 'flite rms', speak: flite('rms') },
];

const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** What the voices are given: job numbers read digit by digit, as people say them. */
const toSpeech = (request: string) => request.replace(/\d/g, (digit) => ` ${DIGIT_WORDS[Number(digit)]} `).replace(/\s+/g, ' ');

/** Word-level Levenshtein distance: substitutions + deletions + insertions. */
function wordEdits(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[hypothesis.length];
}

interface Tally {
  edits: number;
  words: number;
  exact: number;
  clips: number;
}

interface EngineResult {
  all: Tally;
  byVoice: Record<string, Tally>;
  bySet: Record<string, Tally>;
  decodeMs: number[];
  worst: Array<{ voice: string; said: string; heard: string }>;
}

const tally = (): Tally => ({ edits: 0, words: 0, exact: 0, clips: 0 });
const rate = (t: Tally) => Math.round((t.edits / Math.max(1, t.words)) * 1000) / 10;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]);
};

const REQUESTS = [...BENCH_REQUESTS.map((text) => ({ text, set: 'A' })), ...FRESH_REQUESTS.map((text) => ({ text, set: 'B' }))];

interface Clip {
  voice: string;
  request: string;
  set: string;
  pcm16k: Int16Array;
  seconds: number;
}

async function synthesise(dir: string): Promise<Clip[]> {
  const clips: Clip[] = [];
  for (const [v, voice] of VOICES.entries()) {
    for (const [r, { text: request, set }] of REQUESTS.entries()) {
      let wav: Uint8Array;
      try {
        wav = await voice.speak(toSpeech(request), join(dir, `${v}-${r}.wav`));
      } catch (error) {
        console.error(`voice ${voice.name} skipped: ${(error as Error).message}`);
        break;
      }
      const decoded = await decodeRecording(wav);
      clips.push({ voice: voice.name, request, set, pcm16k: toPcm16kMono(decoded.samples, decoded.sampleRate), seconds: decoded.durationSeconds });
    }
  }
  return clips;
}

async function main(): Promise<void> {
  const found = await detectPocketsphinx();
  if ('missing' in found) {
    console.log(JSON.stringify({ bench: 'voice-wer', skipped: found.missing }));
    return;
  }
  const templates = new Set(BASE_PHRASES.map((phrase) => toSpokenWords(phrase).join(' ')));
  const verbatim = REQUESTS.filter(({ text }) => templates.has(toSpokenWords(text).join(' ')));
  if (verbatim.length > 0) throw new Error(`held-out requests must not be templates: ${verbatim.map(({ text }) => text).join('; ')}`);

  const dir = await mkdtemp(join(tmpdir(), 'kai-voice-bench-'));
  try {
    const buildStarted = performance.now();
    const phrases = [
      ...expandPhrases(BASE_PHRASES, { vendors: VENDOR_MASTER }),
      'Vendor Setup',
      'Invoice Processing',
      'Generate Report',
      ...VENDOR_MASTER,
    ];
    const model = await buildLanguageModel(phrases, { cmudictPath: found.dict, outDir: join(dir, 'lm') });
    const buildMs = Math.round(performance.now() - buildStarted);
    const generalLm = join(found.hmm, '..', 'en-us.lm.bin');
    const engines: Record<string, SpeechRecognizer> = {
      general: createPocketsphinxRecognizer({ ...found, languageModel: async () => ({ lmPath: generalLm, dictPath: found.dict }) }),
      domain: createPocketsphinxRecognizer({ ...found, languageModel: async () => model }),
    };
    console.error(`synthesising ${VOICES.length * REQUESTS.length} clips`);
    const clips = await synthesise(dir);

    const results: Record<string, EngineResult> = {};
    for (const name of Object.keys(engines)) results[name] = { all: tally(), byVoice: {}, bySet: {}, decodeMs: [], worst: [] };
    for (const [i, clip] of clips.entries()) {
      if (i % 40 === 0) console.error(`decoding clip ${i + 1}/${clips.length}`);
      const reference = toSpokenWords(clip.request);
      // The two engines decode side by side: one process per core.
      await Promise.all(
        Object.entries(engines).map(async ([name, engine]) => {
          const started = performance.now();
          const heard = await engine.transcribe({ audio: new Uint8Array(0), format: 'wav', pcm16k: clip.pcm16k });
          const result = results[name];
          result.decodeMs.push(performance.now() - started);
          const edits = wordEdits(reference, toSpokenWords(heard));
          for (const t of [result.all, (result.byVoice[clip.voice] ??= tally()), (result.bySet[clip.set] ??= tally())]) {
            t.edits += edits;
            t.words += reference.length;
            t.exact += edits === 0 ? 1 : 0;
            t.clips += 1;
          }
          if (edits > 0) result.worst.push({ voice: clip.voice, said: clip.request, heard });
        }),
      );
    }

    const audioSeconds = clips.reduce((sum, clip) => sum + clip.seconds, 0);
    const summary = Object.fromEntries(
      Object.entries(results).map(([name, result]) => [
        name,
        {
          werPercent: rate(result.all),
          exactPercent: Math.round((result.all.exact / result.all.clips) * 100),
          werPercentBySet: Object.fromEntries(Object.entries(result.bySet).map(([set, t]) => [set, rate(t)])),
          werPercentByVoice: Object.fromEntries(Object.entries(result.byVoice).map(([voice, t]) => [voice, rate(t)])),
          decodeMsMedian: percentile(result.decodeMs, 50),
          decodeMsP95: percentile(result.decodeMs, 95),
          decodeRealTimeFactor: Math.round((result.decodeMs.reduce((sum, ms) => sum + ms, 0) / 1000 / audioSeconds) * 100) / 100,
          // The first two misheard requests of each voice.
          misheardExamples: VOICES.flatMap((voice) => result.worst.filter((example) => example.voice === voice.name).slice(0, 2)),
        },
      ]),
    );
    console.log(
      JSON.stringify({
        bench: 'voice-wer',
        clips: clips.length,
        requests: { A: BENCH_REQUESTS.length, B: FRESH_REQUESTS.length },
        voices: VOICES.map((voice) => voice.name),
        meanClipSeconds: Math.round((audioSeconds / clips.length) * 100) / 100,
        domainModel: { words: model.words, missing: model.missing, buildMs },
        goal: 'domain werPercent < 15',
        engines: summary,
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
