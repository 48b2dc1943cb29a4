import { chatSession, type ChatSession } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** PATCH /api/chat/sessions/{sessionId}. */
async function renameSession({ sessionId, title }: { sessionId: number; title: string }): Promise<ChatSession> {
  return chatSession.parse(await apiFetch<unknown>('PATCH', `/api/chat/sessions/${sessionId}`, { title }));
}

export function useRenameSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
