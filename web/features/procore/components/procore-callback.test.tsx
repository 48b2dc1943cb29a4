import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fakeProcoreApi, procoreError } from '../testing-fixtures';
import { ProcoreCallback } from './procore-callback';

function renderCallback(search: string, api = fakeProcoreApi()) {
  vi.stubGlobal('fetch', api.fetchMock);
  const result = renderWithProviders(
    <StrictMode>
      <ProcoreCallback />
    </StrictMode>,
    { path: `/procore/callback${search}` },
  );
  return { ...result, api };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProcoreCallback', () => {
  it('says no code was received, without calling the server, and offers the way back', async () => {
    const { api } = renderCallback('');
    expect((await screen.findByRole('alert')).textContent).toContain('No authorization code received from Procore');
    expect(screen.getByRole('link', { name: 'Return to KAI' }).getAttribute('href')).toBe('/');
    expect(api.sent('/api/procore/authenticate')).toEqual([]);
  });

  it("shows Procore's refusal (error=access_denied) as an authentication failure with its description", async () => {
    const { api } = renderCallback('?error=access_denied&error_description=The+user+denied+access.&state=s1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to authenticate with Procore');
    expect(alert.textContent).toContain('The user denied access.');
    expect(api.sent('/api/procore/authenticate')).toEqual([]);
  });

  it('says authentication failed when the server refuses the code', async () => {
    renderCallback('?code=abc&state=s1', fakeProcoreApi({ authenticate: () => procoreError(400, 'invalid_state', 'Start connecting again.') }));
    expect(screen.getByText('Connecting to Procore...')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to authenticate with Procore');
    expect(alert.textContent).toContain('Start connecting again.');
  });

  it('says authentication failed when the server answers success: false', async () => {
    renderCallback('?code=abc&state=s1', fakeProcoreApi({ authenticate: () => Response.json({ success: false }) }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to authenticate with Procore');
  });

  it('says an error occurred when the server fails or cannot be reached', async () => {
    renderCallback('?code=abc&state=s1', fakeProcoreApi({ authenticate: () => new Response('down', { status: 502 }) }));
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while connecting to Procore');
  });

  it('exchanges the code and state once (StrictMode), then returns to the chat 2000 ms after success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, location } = renderCallback('?code=abc&state=s1');
    expect(await screen.findByText('Successfully connected to Procore! Company: Acme Builders')).toBeTruthy();
    expect(api.sent('/api/procore/authenticate')).toEqual([{ code: 'abc', state: 's1' }]);

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(location.history?.at(-1)).toBe('/procore/callback?code=abc&state=s1');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(location.history?.at(-1)).toBe('/');
  });
});
