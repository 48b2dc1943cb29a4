import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuth, renderWithProviders } from '@/test/render';
import { WelcomePage } from './welcome-page';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('WelcomePage', () => {
  it('shows the tagline, both feature hints and a Sign In button', () => {
    renderWithProviders(<WelcomePage />);
    expect(screen.getByText('Your intelligent ERP assistant powered by AI')).toBeTruthy();
    expect(screen.getByText('Document Analysis')).toBeTruthy();
    expect(screen.getByText('Voice Interface')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('starts the sign-in when Sign In is pressed', async () => {
    const auth = fakeAuth();
    renderWithProviders(<WelcomePage />, { auth });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(auth.login).toHaveBeenCalledTimes(1);
  });

  it('strips leftover query strings from the address', () => {
    window.history.replaceState(null, '', '/?error=access_denied&foo=1');
    renderWithProviders(<WelcomePage />);
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/');
  });

  it('keeps code and state while a sign-in callback is still being processed', () => {
    window.history.replaceState(null, '', '/?code=abc&state=xyz');
    renderWithProviders(<WelcomePage />, { auth: fakeAuth({ isLoading: true }) });
    expect(window.location.search).toBe('?code=abc&state=xyz');
  });
});
