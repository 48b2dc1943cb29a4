/**
 * Which engines voice uses, decided once at start and logged: a configured OpenAI-compatible
 * server for each direction that names a model; otherwise pocketsphinx for input when it is
 * installed (with KAI's own vocabulary) and flite for output, which ships with the npm package
 * and runs in worker threads (flite-threads.ts). Synthesis takes turns (synthesis-queue.ts).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  createOpenAiSpeechRecognizer,
  createPocketsphinxRecognizer,
  detectPocketsphinx,
  type SpeechRecognizer,
} from '../../adapters/speech-recognition';
import { createOpenAiSpeechSynthesizer, type SpeechSynthesizer } from '../../adapters/speech-synthesis';
import type { Config } from '../../config';
import { createFliteThreads } from './flite-threads';
import { createSynthesisQueue, type SynthesisQueue } from './synthesis-queue';
import { createDomainLanguageModel } from './voice-language-model';
import type { VoiceRepository } from './voice.repository';

/** Shown beside the disabled microphone and in the 503 answer when no recogniser is set up. */
const VOICE_INPUT_HINT =
  'An administrator can install the offline recogniser (apt-get install pocketsphinx pocketsphinx-en-us) and restart KAI, or set SPEECH_BASE_URL and SPEECH_TO_TEXT_MODEL for a speech server.';

/** New clips of one user that wait while one of theirs is read: a second and third click, not a script's sixth. */
const MAX_WAITING_CLIPS_PER_USER = 2;
/** A new clip that has not started by then is refused (503) rather than left hanging. */
const MAX_CLIP_WAIT_MS = 15_000;

interface VoiceEngines {
  recognizer?: SpeechRecognizer;
  inputHint: string;
  synthesizer: SpeechSynthesizer;
  synthesisQueue: SynthesisQueue;
  /** Ends the engines' threads. */
  stopEngines: () => Promise<void>;
}

export async function createVoiceEngines(config: Config, deps: { repository: VoiceRepository; log: FastifyBaseLogger }): Promise<VoiceEngines> {
  const { transcription, synthesis, offlineInput, synthesisThreads } = config.voice;
  let recognizer: SpeechRecognizer | undefined;
  if (transcription) {
    recognizer = createOpenAiSpeechRecognizer({ ...transcription });
  } else if (offlineInput) {
    const found = await detectPocketsphinx();
    if ('missing' in found) deps.log.info({ missing: found.missing }, 'voice input off: pocketsphinx not found');
    else {
      const languageModel = createDomainLanguageModel({
        repository: deps.repository,
        cmudictPath: found.dict,
        // Derived from the database at any time, so it lives in a temporary folder, not the data directory.
        outDir: await mkdtemp(path.join(tmpdir(), 'kai-voice-')),
        log: deps.log,
      });
      recognizer = createPocketsphinxRecognizer({ ...found, languageModel });
    }
  }
  const flite = synthesis ? undefined : createFliteThreads({ threads: synthesisThreads });
  const synthesizer = flite ?? createOpenAiSpeechSynthesizer({ ...synthesis! });
  // A speech server spends its own CPU and limits its own callers: only the per-user turns apply.
  const synthesisQueue = createSynthesisQueue({
    concurrency: flite ? synthesisThreads : Infinity,
    maxWaitingClips: MAX_WAITING_CLIPS_PER_USER,
    maxWaitMs: MAX_CLIP_WAIT_MS,
  });
  deps.log.info({ input: recognizer?.engine ?? 'none', output: synthesizer.engine, ...(flite ? { synthesisThreads } : {}) }, 'voice engines');
  return { recognizer, inputHint: VOICE_INPUT_HINT, synthesizer, synthesisQueue, stopEngines: async () => flite?.close() };
}
