export { ChatView, type ChatViewProps } from './components/chat-view';
export { ChatWelcome } from './components/chat-welcome';
export { messagesQueryKey } from './api/get-messages';
export { useChatActions } from './hooks/use-chat-actions';
