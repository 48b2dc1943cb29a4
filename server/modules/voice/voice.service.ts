/**
 * Voice: a recording in, its transcript out; an answer's markdown in, a URL of its audio out.
 * Engines are chosen at start (services.ts); this file holds the limits and the clip rules.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, MAX_SPOKEN_TEXT_LENGTH, type VoiceStatus } from '@contract/voice';
import { AudioFormatError, decodeRecording, toPcm16kMono } from '../../adapters/audio-decoding';
import type { SpeechRecognizer } from '../../adapters/speech-recognition';
import type { SpeechSynthesizer, SynthesizedAudio } from '../../adapters/speech-synthesis';
import { AppError, NotFoundError, ValidationError } from '../../errors';
import { splitSentences, toSpeakableText } from './speakable-text';
import { SynthesisBusyError, type SynthesisQueue } from './synthesis-queue';
import type { VoiceRepository } from './voice.repository';

export interface VoiceServiceDeps {
  repository: VoiceRepository;
  /** Absent: voice input is not set up, and `inputHint` says how to set it up. */
  recognizer?: SpeechRecognizer;
  inputHint: string;
  synthesizer: SpeechSynthesizer;
  /** Every call to the synthesizer takes a turn here: per user and per instance. */
  synthesisQueue: SynthesisQueue;
  /** Ends the engines' threads, if they have any. */
  stopEngines?: () => Promise<void>;
  clipTtlSeconds: number;
  log: FastifyBaseLogger;
}

/** Audio made for a clip at POST time waits this long for its GET on the same instance. */
const PENDING_AUDIO_MS = 60_000;

/**
 * flite's cost is mostly per sentence (~20 ms each, whatever its length), and an answer of many
 * one-word lines within the character limit would be hundreds. 80 is more than a 4,000-character
 * guide article makes (38-62, median 51); a longer list is read up to here.
 */
const MAX_SPOKEN_SENTENCES = 80;
const REST_ON_SCREEN = 'The rest of the answer is on screen.';

const tooLarge = (message: string) => new AppError(413, 'recording_too_large', message);
const count = (n: number) => n.toLocaleString('en-US');

/** The sentences read aloud for an answer's markdown, at most MAX_SPOKEN_SENTENCES. */
function spokenSentences(markdown: string): string[] {
  if (markdown.length > MAX_SPOKEN_TEXT_LENGTH) {
    throw new AppError(
      413,
      'text_too_long',
      `The text is ${count(markdown.length)} characters long; up to ${count(MAX_SPOKEN_TEXT_LENGTH)} characters are read aloud at once.`,
    );
  }
  const sentences = splitSentences(toSpeakableText(markdown));
  return sentences.length > MAX_SPOKEN_SENTENCES ? [...sentences.slice(0, MAX_SPOKEN_SENTENCES - 1), REST_ON_SCREEN] : sentences;
}

/** The recording's bytes from base64 (a `data:audio/...;base64,` prefix is allowed). */
function recordingBytes(audioData: string): Uint8Array {
  const base64 = audioData.replace(/^data:[\w/+.-]+(;[\w=.-]+)*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
    throw new ValidationError('audioData must be base64-encoded audio', 'invalid_audio');
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new ValidationError('The recording is empty', 'invalid_audio');
  if (bytes.length > MAX_RECORDING_BYTES) {
    throw tooLarge(
      `The recording is larger than ${MAX_RECORDING_BYTES / 1024 / 1024} MB. Keep voice questions under ${MAX_RECORDING_SECONDS} seconds.`,
    );
  }
  return bytes;
}

export function createVoiceService(deps: VoiceServiceDeps) {
  const { repository, recognizer, synthesizer, synthesisQueue, log } = deps;
  const pending = new Map<string, { audio: Promise<SynthesizedAudio>; timer: NodeJS.Timeout }>();

  function keepPending(clipId: string, audio: Promise<SynthesizedAudio>): void {
    const timer = setTimeout(() => pending.delete(clipId), PENDING_AUDIO_MS);
    timer.unref();
    pending.set(clipId, { audio, timer });
  }

  /** The first sentence now (after the owner's turn), the rest as the audio is read, each in its turn. */
  async function synthesizeOrFail(ownerId: string, sentences: string[]): Promise<SynthesizedAudio> {
    let audio: SynthesizedAudio;
    try {
      audio = await synthesisQueue.start(ownerId, () => synthesizer.synthesize(sentences));
    } catch (error) {
      if (error instanceof SynthesisBusyError) throw error;
      log.warn({ err: error, engine: synthesizer.engine }, 'speech synthesis failed');
      throw new AppError(502, 'speech_synthesis_failed', 'Could not generate audio response.');
    }
    return { contentType: audio.contentType, chunks: synthesisQueue.continue(ownerId, audio.chunks) };
  }

  return {
    status(): VoiceStatus {
      return {
        inputEngine: recognizer?.engine ?? null,
        inputHint: recognizer ? undefined : deps.inputHint,
        outputEngine: synthesizer.engine,
      };
    },

    async transcribe(audioData: string): Promise<string> {
      const audio = recordingBytes(audioData);
      let decoded: Awaited<ReturnType<typeof decodeRecording>>;
      try {
        // Decoding stops a little past the limit: a few kilobytes of Opus can stand for hours.
        decoded = await decodeRecording(audio, { maxSeconds: MAX_RECORDING_SECONDS + 2 });
      } catch (error) {
        if (!(error instanceof AudioFormatError)) throw error;
        throw error.code === 'unsupported_audio' ? new AppError(415, error.code, error.message) : new ValidationError(error.message, error.code);
      }
      if (decoded.durationSeconds > MAX_RECORDING_SECONDS + 1) {
        throw tooLarge(
          `The recording is ${Math.round(decoded.durationSeconds)} seconds long; voice questions can be up to ${MAX_RECORDING_SECONDS} seconds.`,
        );
      }
      if (!recognizer) throw new AppError(503, 'voice_input_unavailable', `Voice input is not set up. ${deps.inputHint}`);
      try {
        const text = await recognizer.transcribe({
          audio,
          format: decoded.format,
          pcm16k: toPcm16kMono(decoded.samples, decoded.sampleRate),
        });
        return text.replace(/\s+/g, ' ').trim();
      } catch (error) {
        log.warn({ err: error, engine: recognizer.engine }, 'transcription failed');
        throw new AppError(502, 'transcription_failed', 'Could not transcribe audio. Please try again.');
      }
    },

    /**
     * Starts the audio (an engine failure, or a refusal because the owner or the engine is busy,
     * answers here) and returns the clip's URL. The clip is stored only once its audio has begun.
     */
    async synthesize(ownerId: string, markdown: string): Promise<string> {
      const sentences = spokenSentences(markdown);
      if (sentences.length === 0) throw new ValidationError('There is nothing to read aloud in this answer', 'nothing_to_read');
      const audio = await synthesizeOrFail(ownerId, sentences);
      const clipId = await repository.createClip(ownerId, sentences, new Date(Date.now() + deps.clipTtlSeconds * 1000));
      keepPending(clipId, Promise.resolve(audio));
      return `/api/voice/audio/${clipId}`;
    },

    /** The owner's clip: the audio started at POST when this instance made it, else made again. */
    async audio(ownerId: string, clipId: string): Promise<SynthesizedAudio> {
      const sentences = await repository.findClip(ownerId, clipId);
      if (!sentences) throw new NotFoundError('This audio has expired or does not exist', 'audio_not_found');
      const waiting = pending.get(clipId);
      if (waiting) {
        pending.delete(clipId);
        clearTimeout(waiting.timer);
        return waiting.audio;
      }
      return synthesizeOrFail(ownerId, sentences);
    },

    close(): void {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
      void deps.stopEngines?.();
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
