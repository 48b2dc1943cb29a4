export { SessionList } from './components/session-list';
export { useCurrentSession } from './hooks/use-current-session';
export { getSessionsQueryOptions, sessionsQueryKey, useSessions } from './api/get-sessions';
