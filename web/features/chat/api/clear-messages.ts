import { clearMessagesResponse } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { messagesQueryKey } from './get-messages';

/** DELETE /api/chat/{sessionId}/messages. */
export async function clearMessages(sessionId: number): Promise<void> {
  clearMessagesResponse.parse(await apiFetch<unknown>('DELETE', `/api/chat/${sessionId}/messages`));
}

export function useClearMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearMessages,
    // Spec part 1, section 4: clearing fetches the session's messages again.
    onSuccess: (_data, sessionId) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(sessionId) }),
  });
}
