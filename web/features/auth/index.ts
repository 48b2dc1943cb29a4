export { AuthContext, useAuth, type AuthContextValue } from './auth-context';
export { AuthProvider } from './auth-provider';
export { getCurrentUserQueryOptions, useCurrentUser, currentUserQueryKey } from './api/get-current-user';
export { RequireAuth } from './components/require-auth';
export { UserMenu } from './components/user-menu';
export { WelcomePage } from './components/welcome-page';
export type { MenuUser } from './user-display';
