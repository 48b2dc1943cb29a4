import type { User } from 'oidc-client-ts';
import { createContext, useContext } from 'react';

export type AuthContextValue = {
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The signed-in OIDC user (profile claims and tokens). */
  user: User | null | undefined;
  error: Error | undefined;
  /** True while a redirect to the identity provider is under way. */
  isRedirecting: boolean;
  /** The 'user synced' flag of spec part 1, section 4. */
  isUserSynced: boolean;
  setUserSynced: (synced: boolean) => void;
  /** The current access token, read when each request is sent. */
  getAccessToken: () => string | null;
  login: () => Promise<void>;
  logout: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
