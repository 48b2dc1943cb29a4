import { z } from 'zod';

/** Longest recording accepted, in seconds and in bytes of the base64-decoded audio. */
export const MAX_RECORDING_SECONDS = 60;
export const MAX_RECORDING_BYTES = 10 * 1024 * 1024;
/**
 * Longest text read aloud at once (characters of the answer's markdown): about five minutes of
 * speech, a long chat answer, and near the 4,096 characters OpenAI's speech endpoint takes. The
 * web app reads a longer answer up to here; the server refuses more (413 text_too_long).
 */
export const MAX_SPOKEN_TEXT_LENGTH = 4_000;

/** POST /api/voice/transcribe: base64 audio (WAV as recorded by the web app; Ogg or WebM Opus too). */
/** Its size is checked on the server after decoding, so an oversized recording answers 413. */
export const transcribeInput = z.strictObject({
  audioData: z.string().min(1, 'No audio was sent'),
});
export const transcribeResponse = z.object({ transcript: z.string() });
export type TranscribeResponse = z.infer<typeof transcribeResponse>;

/**
 * POST /api/voice/synthesize: markdown of an answer -> a URL only its owner can fetch, for a while.
 * Over MAX_SPOKEN_TEXT_LENGTH is 413 text_too_long; while the user's earlier clips are still being
 * made, or the voice is saturated, 429 or 503 speech_busy with Retry-After.
 */
export const synthesizeInput = z.strictObject({
  text: z.string().trim().min(1, 'Nothing to read aloud'),
});
export const synthesizeResponse = z.object({ audioUrl: z.string() });

export const audioClipParams = z.object({ clipId: z.string().uuid() });

/** Part of GET /api/app/config: what the microphone button can do. */
export const voiceStatus = z.object({
  /** 'openai-compatible' (a configured server), 'pocketsphinx' (offline) or null: not set up. */
  inputEngine: z.enum(['openai-compatible', 'pocketsphinx']).nullable(),
  /** Shown beside a disabled microphone when no engine is set up. */
  inputHint: z.string().optional(),
  outputEngine: z.enum(['openai-compatible', 'flite']),
});
export type VoiceStatus = z.infer<typeof voiceStatus>;
