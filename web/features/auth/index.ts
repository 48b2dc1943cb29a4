export { AuthContext, useAuth, type AuthContextValue } from './auth-context';
export { AuthProvider } from './auth-provider';
export { useCurrentUser } from './api/get-current-user';
export { RequireAuth } from './components/require-auth';
export { UserMenu } from './components/user-menu';
export type { MenuUser } from './user-display';
