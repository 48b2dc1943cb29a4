import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, useAuth } from './auth-context';
import { fakeAuth } from '@/test/render';

function ShowAuthState() {
  const auth = useAuth();
  return <p>{auth.isAuthenticated ? 'signed in' : 'signed out'}</p>;
}

describe('useAuth', () => {
  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ShowAuthState />)).toThrow('useAuth must be used within an AuthProvider');
    vi.restoreAllMocks();
  });

  it('reads the auth state inside its provider', () => {
    render(
      <AuthContext.Provider value={fakeAuth({ isAuthenticated: true })}>
        <ShowAuthState />
      </AuthContext.Provider>,
    );
    expect(screen.getByText('signed in')).toBeTruthy();
  });
});
