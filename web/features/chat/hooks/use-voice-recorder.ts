import { MAX_RECORDING_SECONDS } from '@contract/voice';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useTranscribeAudio } from '../api/transcribe-audio';
import { blobToBase64, startWavRecording, type WavRecording } from '../lib/wav-recorder';

/**
 * The spec's idle -> recording -> stopped, with the two waits spelled out: 'starting' while the
 * browser asks for the microphone, 'transcribing' once stopped until the transcript is back.
 */
export type VoiceRecorderStatus = 'idle' | 'starting' | 'recording' | 'transcribing';

/**
 * Ctrl+Shift+Space, on every platform: Ctrl/Cmd+Shift+V is paste-as-plain-text in the message
 * box, and Alt+letter types characters on macOS and opens menus in Firefox.
 */
export const RECORD_SHORTCUT = { label: 'Ctrl+Shift+Space', aria: 'Control+Shift+Space' } as const;

/** The server's 503 when no speech-to-text engine is set up; its message says how to set one up. */
const VOICE_INPUT_UNAVAILABLE = 'voice_input_unavailable';

function toastTranscriptionFailed(err: unknown): void {
  console.error(err);
  const unavailable = err instanceof ApiError && err.code === VOICE_INPUT_UNAVAILABLE;
  toast({
    variant: 'destructive',
    title: 'Transcription failed',
    description: unavailable ? err.displayMessage : 'Could not transcribe audio. Please try again.',
  });
}

type Options = {
  /** Receives a non-empty, trimmed transcript: the question to send. */
  onTranscript: (transcript: string) => unknown;
};

/** Records a spoken question, transcribes it and hands the text on (spec part 1, sections 4 and 8). */
export function useVoiceRecorder({ onTranscript }: Options) {
  const { mutateAsync: transcribe } = useTranscribeAudio();
  const [status, setStatus] = useState<VoiceRecorderStatus>('idle');
  const recordingRef = useRef<WavRecording | null>(null);
  // Bumped by cancel: a microphone granted after the user gave up is released at once.
  const attemptRef = useRef(0);
  const onTranscriptRef = useRef(onTranscript);
  useEffect(() => {
    onTranscriptRef.current = onTranscript;
  }, [onTranscript]);

  const stop = useCallback(async () => {
    const recording = recordingRef.current;
    if (!recording) return;
    recordingRef.current = null;
    const wav = recording.stop();
    setStatus('transcribing');
    let transcript: string;
    try {
      transcript = wav ? (await transcribe(await blobToBase64(wav))).transcript.trim() : '';
    } catch (err) {
      setStatus('idle');
      toastTranscriptionFailed(err);
      return;
    }
    setStatus('idle');
    // Empty transcripts are not sent; saying so beats a dialog that closes without a word.
    if (transcript) onTranscriptRef.current(transcript);
    else toast({ title: "Didn't catch that", description: 'No speech was heard. Please try again, a little closer to the microphone.' });
  }, [transcribe]);

  const start = useCallback(async () => {
    const attempt = ++attemptRef.current;
    setStatus('starting');
    try {
      // At the cap the recording stops as if the user had pressed Stop, and is transcribed.
      const recording = await startWavRecording({ maxSeconds: MAX_RECORDING_SECONDS, onLimit: () => void stop() });
      if (attempt !== attemptRef.current) {
        recording.cancel();
        return;
      }
      recordingRef.current = recording;
      setStatus('recording');
    } catch (err) {
      if (attempt !== attemptRef.current) return;
      console.error(err);
      setStatus('idle');
      toast({ variant: 'destructive', title: 'Recording failed', description: 'Could not access microphone. Please check permissions.' });
    }
  }, [stop]);

  /** Drops the recording (or the wait for the microphone); a transcription under way still finishes. */
  const cancel = useCallback(() => {
    attemptRef.current++;
    recordingRef.current?.cancel();
    recordingRef.current = null;
    setStatus((current) => (current === 'transcribing' ? current : 'idle'));
  }, []);

  const toggle = useCallback(() => {
    if (status === 'idle') void start();
    else if (status === 'recording') void stop();
    else if (status === 'starting') cancel();
  }, [status, start, stop, cancel]);

  // Leaving the chat never leaves the microphone on.
  useEffect(
    () => () => {
      attemptRef.current++;
      recordingRef.current?.cancel();
    },
    [],
  );

  return { status, start, stop, cancel, toggle };
}

/** Starts and stops recording from anywhere on the page while `enabled`. */
export function useRecordShortcut(onToggle: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || !event.ctrlKey || !event.shiftKey || event.altKey || event.metaKey || event.repeat) return;
      event.preventDefault();
      onToggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onToggle, enabled]);
}
