import type { ChatMessage, InformationSource, MessageSource, SendChatResponse } from '@contract/chat';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { handleError } from '@/lib/handle-error';
import { messagesQueryKey } from '../api/get-messages';
import { useSendMessage } from '../api/send-message';

/** The answer being streamed, shown until the stored messages take its place. */
export type LiveAnswer = {
  sessionId: number | undefined;
  question: string;
  text: string;
  sources: MessageSource[];
  /** Set once the server answered with what it stored. */
  stored?: SendChatResponse;
  /** When the user pressed Stop; messages fetched after this replace the live answer. */
  stoppedAt?: number;
};

const STOPPED_REFETCH_DELAY_MS = 1000;

/**
 * After Stop the server stores the partial answer when it notices the closed connection,
 * which can land just after our refetch; one late refetch picks it up.
 */
async function refetchAfterStop(queryClient: QueryClient, sessionId: number): Promise<void> {
  const queryKey = messagesQueryKey(sessionId);
  await queryClient.invalidateQueries({ queryKey });
  const messages = queryClient.getQueryData<ChatMessage[]>(queryKey);
  if (messages?.at(-1)?.role === 'assistant') return;
  await new Promise((resolve) => setTimeout(resolve, STOPPED_REFETCH_DELAY_MS));
  await queryClient.invalidateQueries({ queryKey });
}

type Options = {
  sessionId: number | undefined;
  source: InformationSource;
  onMessageSent?: (response: SendChatResponse) => void;
};

export function useChatStream({ sessionId, source, onMessageSent }: Options) {
  const queryClient = useQueryClient();
  const { mutateAsync: sendMessage } = useSendMessage();
  const controllerRef = useRef<AbortController | null>(null);
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const [isSending, setIsSending] = useState(false);

  /** Resolves true when the question reached the server, false when the caller should keep the text. */
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      // Ignored when empty or while a send is in progress: one answer at a time (docs/product-rules.md, Chat).
      if (!message || controllerRef.current) return false;
      const controller = new AbortController();
      controllerRef.current = controller;
      setIsSending(true);
      setLive({ sessionId, question: message, text: '', sources: [] });
      try {
        const response = await sendMessage({
          input: { message, source, sessionId },
          callbacks: {
            signal: controller.signal,
            onToken: (token) => setLive((current) => current && { ...current, text: current.text + token }),
            onSources: (sources) => setLive((current) => current && { ...current, sources }),
            // Committed before the cache update, so no frame shows the answer twice.
            onStored: (stored) => flushSync(() => setLive((current) => current && { ...current, sessionId: stored.sessionId, stored })),
          },
        });
        onMessageSent?.(response);
        return true;
      } catch (err) {
        if (controller.signal.aborted) {
          if (sessionId !== undefined) void refetchAfterStop(queryClient, sessionId).catch((error: unknown) => handleError(error));
          return true;
        }
        setLive(null);
        handleError(err, 'Message not sent');
        if (sessionId !== undefined) void queryClient.invalidateQueries({ queryKey: messagesQueryKey(sessionId) });
        return false;
      } finally {
        controllerRef.current = null;
        setIsSending(false);
      }
    },
    [sessionId, source, onMessageSent, queryClient, sendMessage],
  );

  // The stop time is committed before the abort, so messages fetched after it replace the live answer.
  const stop = useCallback(() => {
    if (!controllerRef.current) return;
    flushSync(() => setLive((current) => current && { ...current, stoppedAt: Date.now() }));
    controllerRef.current.abort();
  }, []);

  return { send, stop, live, isSending };
}
