export { SessionList } from './components/session-list';
export { useCurrentSession } from './hooks/use-current-session';
export { sessionsQueryKey } from './api/get-sessions';
