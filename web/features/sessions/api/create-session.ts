import { chatSession, type ChatSession } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** POST /api/chat/sessions: a new, empty chat. */
async function createSession(title?: string): Promise<ChatSession> {
  return chatSession.parse(await apiFetch<unknown>('POST', '/api/chat/sessions', title ? { title } : {}));
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
