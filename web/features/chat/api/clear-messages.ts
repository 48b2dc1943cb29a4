import { clearMessagesResponse } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { messagesQueryKey } from './get-messages';

/** DELETE /api/chat/{sessionId}/messages. */
async function clearMessages(sessionId: number): Promise<void> {
  clearMessagesResponse.parse(await apiFetch<unknown>('DELETE', `/api/chat/${sessionId}/messages`));
}

export function useClearMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearMessages,
    // Fetched again rather than emptied here, so the list shows what the server kept.
    onSuccess: (_data, sessionId) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(sessionId) }),
  });
}
