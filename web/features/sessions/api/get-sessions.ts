import { chatSession, type ChatSession } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const chatSessions = z.array(chatSession);

export const sessionsQueryKey = ['/api/chat/sessions'] as const;

/** GET /api/chat/sessions, most recently updated first. */
async function getSessions(): Promise<ChatSession[]> {
  return chatSessions.parse(await apiFetch<unknown>('GET', '/api/chat/sessions'));
}

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
