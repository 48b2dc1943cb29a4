import { chatMessage, type ChatMessage } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const chatMessages = z.array(chatMessage);

/** Joined with '/' the key is the URL, as the default query function expects. */
export function messagesQueryKey(sessionId: number) {
  return ['/api/chat', sessionId, 'messages'] as const;
}

/** GET /api/chat/{sessionId}/messages, oldest first. */
async function getMessages(sessionId: number): Promise<ChatMessage[]> {
  return chatMessages.parse(await apiFetch<unknown>('GET', `/api/chat/${sessionId}/messages`));
}

export function getMessagesQueryOptions(sessionId: number) {
  return queryOptions({ queryKey: messagesQueryKey(sessionId), queryFn: () => getMessages(sessionId) });
}

/** Only asks once a session is set (docs/product-rules.md, Chat). */
export function useMessages(sessionId: number | undefined) {
  return useQuery({ ...getMessagesQueryOptions(sessionId ?? 0), enabled: sessionId !== undefined });
}
