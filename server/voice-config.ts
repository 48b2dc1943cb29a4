/**
 * Voice settings, parsed by `loadConfig` from the same environment (config.ts stays the one
 * entry point). An OpenAI-compatible speech server is used for whichever direction has a model
 * set; otherwise speech-to-text falls back to pocketsphinx when installed and text-to-speech to
 * the flite voices that ship with the npm package.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const voiceEnv = z.object({
  SPEECH_BASE_URL: optionalText,
  SPEECH_API_KEY: optionalText,
  SPEECH_TO_TEXT_MODEL: optionalText,
  SPEECH_LANGUAGE: optionalText,
  TEXT_TO_SPEECH_MODEL: optionalText,
  TEXT_TO_SPEECH_VOICE: z.string().trim().min(1).default('alloy'),
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** 'off' turns the offline recogniser off even when pocketsphinx is installed. */
  KAI_OFFLINE_SPEECH_INPUT: z.enum(['auto', 'off']).default('auto'),
  KAI_VOICE_CLIP_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** Sentences the embedded voice reads at once: one core is left to the HTTP event loop. */
  KAI_VOICE_SYNTHESIS_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(Math.min(4, Math.max(1, availableParallelism() - 1))),
});

interface SpeechServerConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface VoiceConfig {
  transcription?: SpeechServerConfig & { language?: string };
  synthesis?: SpeechServerConfig & { voice: string };
  offlineInput: boolean;
  /** How long a synthesised answer's URL stays valid. */
  clipTtlSeconds: number;
  /** Worker threads of the embedded voice (flite), each reading one sentence at a time. */
  synthesisThreads: number;
}

export function voiceConfigFrom(source: Record<string, string | undefined>, fail: (message: string) => never): VoiceConfig {
  const parsed = voiceEnv.safeParse(source);
  if (!parsed.success) fail(`Invalid voice setting: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const e = parsed.data;
  if ((e.SPEECH_TO_TEXT_MODEL || e.TEXT_TO_SPEECH_MODEL) && !e.SPEECH_BASE_URL) {
    fail('SPEECH_BASE_URL is required when SPEECH_TO_TEXT_MODEL or TEXT_TO_SPEECH_MODEL is set');
  }
  if (e.SPEECH_BASE_URL && !/^https?:\/\//.test(e.SPEECH_BASE_URL)) fail('SPEECH_BASE_URL must be an http(s) URL');
  const server = (model: string): SpeechServerConfig => ({
    baseUrl: e.SPEECH_BASE_URL!,
    apiKey: e.SPEECH_API_KEY,
    model,
    timeoutMs: e.SPEECH_TIMEOUT_MS,
  });
  return {
    transcription: e.SPEECH_TO_TEXT_MODEL ? { ...server(e.SPEECH_TO_TEXT_MODEL), language: e.SPEECH_LANGUAGE } : undefined,
    synthesis: e.TEXT_TO_SPEECH_MODEL ? { ...server(e.TEXT_TO_SPEECH_MODEL), voice: e.TEXT_TO_SPEECH_VOICE } : undefined,
    offlineInput: e.KAI_OFFLINE_SPEECH_INPUT === 'auto',
    clipTtlSeconds: e.KAI_VOICE_CLIP_TTL_SECONDS,
    synthesisThreads: e.KAI_VOICE_SYNTHESIS_THREADS,
  };
}
