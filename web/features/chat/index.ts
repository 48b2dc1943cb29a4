export { ChatView } from './components/chat-view';
export { messagesQueryKey } from './api/get-messages';
export { useChatActions } from './hooks/use-chat-actions';
