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
  /** Set once POST /api/user/sync succeeded (docs/product-rules.md, Sign-in). */
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
