import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** DELETE /api/chat/sessions/{sessionId}; its messages go with it. */
async function deleteSession(sessionId: number): Promise<void> {
  await apiRequest('DELETE', `/api/chat/sessions/${sessionId}`);
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
