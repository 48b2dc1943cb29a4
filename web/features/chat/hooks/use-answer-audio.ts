import type { ChatMessage } from '@contract/chat';
import { MAX_SPOKEN_TEXT_LENGTH } from '@contract/voice';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { usePreferences } from '@/stores/preferences';
import { useSynthesizeSpeech } from '../api/synthesize-speech';
import { splitRetrievalAnswer } from '../lib/retrieval-answer';

export type AnswerAudioState = 'idle' | 'loading' | 'playing';

/** The one answer being read aloud: its clip's object URL and element once they exist. */
type Playback = { messageId: string; url?: string; audio?: HTMLAudioElement };

/**
 * Reads answers aloud, one at a time: playing another answer stops the first, and pressing the
 * playing one again stops it. Playback runs until the audio ends or fails (spec part 1, section 4).
 */
export function useAnswerAudio() {
  const { mutateAsync: synthesize } = useSynthesizeSpeech();
  const { voiceMode } = usePreferences();
  const [current, setCurrent] = useState<{ messageId: string; state: Exclude<AnswerAudioState, 'idle'> } | null>(null);
  const playbackRef = useRef<Playback | null>(null);

  const release = useCallback((playback: Playback) => {
    if (playbackRef.current === playback) {
      playbackRef.current = null;
      setCurrent(null);
    }
    if (playback.audio) {
      playback.audio.onended = null;
      playback.audio.onerror = null;
      playback.audio.pause();
    }
    if (playback.url) URL.revokeObjectURL(playback.url);
  }, []);

  const fail = useCallback(
    (playback: Playback, err: unknown, title: string, description: string) => {
      // A playback already stopped or replaced fails quietly (pause() rejects a pending play()).
      if (playbackRef.current !== playback) return;
      console.error(err);
      release(playback);
      toast({ variant: 'destructive', title, description });
    },
    [release],
  );

  const play = useCallback(
    async (playback: Playback, content: string) => {
      let clip: Blob;
      try {
        clip = await synthesize(content.slice(0, MAX_SPOKEN_TEXT_LENGTH));
      } catch (err) {
        fail(playback, err, 'Speech synthesis failed', limitMessage(err) ?? 'Could not generate audio response.');
        return;
      }
      if (playbackRef.current !== playback) return;
      playback.url = URL.createObjectURL(clip);
      const audio = new Audio(playback.url);
      playback.audio = audio;
      audio.onended = () => release(playback);
      audio.onerror = () => fail(playback, audio.error, 'Playback failed', 'Could not play audio response.');
      try {
        await audio.play();
        if (playbackRef.current === playback) setCurrent({ messageId: playback.messageId, state: 'playing' });
      } catch (err) {
        fail(playback, err, 'Playback failed', 'Could not play audio response.');
      }
    },
    [synthesize, release, fail],
  );

  const stop = useCallback(() => {
    if (playbackRef.current) release(playbackRef.current);
  }, [release]);

  const toggle = useCallback(
    (message: ChatMessage) => {
      const previous = playbackRef.current;
      stop();
      if (previous?.messageId === message.id) return;
      const playback: Playback = { messageId: message.id };
      playbackRef.current = playback;
      setCurrent({ messageId: message.id, state: 'loading' });
      // An answer built from passages is read up to its passages: they are on screen, collapsed.
      void play(playback, splitRetrievalAnswer(message.content)?.lead ?? message.content);
    },
    [stop, play],
  );

  // Turning Voice Mode off hides the buttons, so nothing may be left playing; nor after leaving the chat.
  useEffect(() => {
    if (!voiceMode) stop();
  }, [voiceMode, stop]);
  useEffect(() => stop, [stop]);

  const stateOf = useCallback((messageId: string): AnswerAudioState => (current?.messageId === messageId ? current.state : 'idle'), [current]);

  return { toggle, stop, stateOf };
}

/** A refusal the user can act on (too long, too many clips at once) says so; other failures stay generic. */
function limitMessage(err: unknown): string | undefined {
  return err instanceof ApiError && [413, 429, 503].includes(err.status) ? err.displayMessage : undefined;
}
