import { sendChatResponse, type ChatMessage, type MessageSource, type SendChatInput, type SendChatResponse } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { apiStream } from '@/lib/api-client';
import { messagesQueryKey } from './get-messages';

export type StreamCallbacks = {
  onToken?: (text: string) => void;
  onSources?: (sources: MessageSource[]) => void;
  /** What the server stored, reported before the cache learns of it. */
  onStored?: (response: SendChatResponse) => void;
  signal?: AbortSignal;
};

/** The stream's own `event: error`, or a stream that ended without an answer. */
export class ChatStreamError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ChatStreamError';
    this.code = code;
  }
}

/**
 * POST /api/chat as a server-sent event stream: tokens and sources are reported as they
 * arrive; resolves with what the server stored. A server that answers plain JSON is read too.
 */
export async function sendChatMessage(input: SendChatInput, callbacks: StreamCallbacks = {}): Promise<SendChatResponse> {
  const { onToken, onSources, onStored, signal } = callbacks;
  const stored = (payload: unknown) => {
    const response = sendChatResponse.parse(payload);
    onStored?.(response);
    return response;
  };
  const response = await apiStream('POST', '/api/chat', input, signal);
  if (!response.body || !response.headers.get('Content-Type')?.includes('text/event-stream')) {
    return stored(await response.json());
  }
  // EventSource cannot be used: the chat stream is a POST with a bearer token.
  const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await events.read();
      if (done) break;
      const payload: unknown = JSON.parse(value.data);
      if (value.event === 'token') onToken?.((payload as { text: string }).text);
      else if (value.event === 'sources') onSources?.((payload as { sources: MessageSource[] }).sources);
      else if (value.event === 'message') return stored(payload);
      else if (value.event === 'error') {
        const { error } = payload as { error: { code: string; message: string } };
        throw new ChatStreamError(error.code, error.message);
      }
    }
  } finally {
    // Stopping at the answer (or on an error) must not leave the connection open.
    await events.cancel().catch(() => {});
  }
  throw new ChatStreamError('STREAM_ENDED', 'The answer was interrupted. Please try again.');
}

type SendVariables = { input: SendChatInput; callbacks: StreamCallbacks };

function appendStored(messages: ChatMessage[] | undefined, response: SendChatResponse): ChatMessage[] {
  const known = new Set((messages ?? []).map((message) => message.id));
  return [...(messages ?? []), ...[response.userMessage, response.message].filter((message) => !known.has(message.id))];
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, callbacks }: SendVariables) => sendChatMessage(input, callbacks),
    onSuccess: (response) => {
      const queryKey = messagesQueryKey(response.sessionId);
      // The stored pair shows at once; the refetch (docs/product-rules.md, Chat) then brings the server's truth.
      queryClient.setQueryData<ChatMessage[]>(queryKey, (messages) => appendStored(messages, response));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
