import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AiTooltip } from './ai-tooltip';

function respondWith(response: () => Promise<Response>) {
  const fetchMock = vi.fn((..._args: Parameters<typeof fetch>) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const renderTip = (fallback?: string) =>
  renderWithProviders(
    <AiTooltip context="Chat input bar" element="Microphone" fallback={fallback}>
      <button>Mic</button>
    </AiTooltip>,
  );

describe('AiTooltip', () => {
  it('asks for a tip on hover, showing a waiting text until it arrives', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = respondWith(() => new Promise((resolve) => (answer = resolve)));
    renderTip();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.hover(screen.getByRole('button', { name: 'Mic' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Generating helpful tip...');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ context: 'Chat input bar', element: 'Microphone' });
    answer(new Response(JSON.stringify({ tip: 'Press to ask by voice.' }), { status: 200 }));
    expect(await screen.findByText('Press to ask by voice.', { selector: '[role=tooltip]' })).toBeTruthy();
  });

  it('shows the fallback when the tip cannot be had', async () => {
    respondWith(async () => new Response('down', { status: 500 }));
    renderTip();
    await userEvent.hover(screen.getByRole('button', { name: 'Mic' }));
    expect(await screen.findByText('Loading help...', { selector: '[role=tooltip]' })).toBeTruthy();
  });
});
