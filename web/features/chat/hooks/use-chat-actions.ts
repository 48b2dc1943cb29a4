import type { ChatMessage } from '@contract/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getMessagesQueryOptions } from '../api/get-messages';
import { useClearMessages } from '../api/clear-messages';
import { buildChatExport, chatExportFileName, downloadTextFile } from '../lib/export-chat';
import { reloadPage } from '../lib/reload-page';

/** The sidebar's Clear and Export, and the question a support mail quotes, for one session. */
export function useChatActions(sessionId: number) {
  const queryClient = useQueryClient();
  const { mutateAsync: clearMessages } = useClearMessages();

  /** Clears the session's messages, then reloads; failures go to the console only (docs/product-rules.md, Sidebar). */
  const clearChat = useCallback(async () => {
    try {
      await clearMessages(sessionId);
      reloadPage();
    } catch (err) {
      console.error('Could not clear the chat.', err);
    }
  }, [clearMessages, sessionId]);

  const exportChat = useCallback(async () => {
    try {
      const messages = await queryClient.fetchQuery(getMessagesQueryOptions(sessionId));
      const now = new Date();
      downloadTextFile(chatExportFileName(sessionId, now), buildChatExport(messages, sessionId, now));
    } catch (err) {
      console.error('Could not export the chat.', err);
    }
  }, [queryClient, sessionId]);

  const getLastQuestion = useCallback((): string | undefined => {
    const messages = queryClient.getQueryData<ChatMessage[]>(getMessagesQueryOptions(sessionId).queryKey);
    return messages?.findLast((message) => message.role === 'user')?.content;
  }, [queryClient, sessionId]);

  return { clearChat, exportChat, getLastQuestion };
}
