export { ChatWelcome } from './components/chat-welcome';
