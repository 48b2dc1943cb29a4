import type { ChatMessage } from '@contract/chat';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '@/lib/api-client';
import { VOICE_MODE_KEY } from '@/lib/preferences-storage';
import { InformationSourceProvider } from '@/stores/information-source';
import { installObjectUrls } from '@/test/object-url';
import { renderWithProviders } from '@/test/render';
import { ChatView } from './chat-view';

function answer(id: string, content: string): ChatMessage {
  return { id, role: 'assistant', content, createdAt: '2025-03-04T10:00:00.000Z', metadata: null };
}

const stored = [answer('a1', 'Open Vendors, then New.'), answer('a2', 'Invoices are matched nightly.')];

/** Stored answers, synthesis answered by hand, and clips that ask for the bearer token. */
function fakeServer() {
  const state = { spoken: [] as string[], clipAuthorization: [] as (string | undefined)[], answerSynthesis: (_response: Response) => {} };
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/chat/1/messages') return Response.json(stored);
    if (url === '/api/voice/synthesize') {
      state.spoken.push((JSON.parse(String(init.body)) as { text: string }).text);
      return new Promise<Response>((resolve) => (state.answerSynthesis = resolve));
    }
    if (url.startsWith('/api/voice/audio/')) {
      const authorization = (init.headers as Record<string, string>).Authorization;
      state.clipAuthorization.push(authorization);
      if (!authorization) return Response.json({ error: { code: 'unauthorized', message: 'Sign in' } }, { status: 401 });
      return new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'audio/wav' } });
    }
    return new Response('Not found', { status: 404 });
  });
  return { state, fetchMock };
}

const clip = (n: number) => Response.json({ audioUrl: `/api/voice/audio/00000000-0000-4000-8000-00000000000${n}` });

let server: ReturnType<typeof fakeServer>;
let objectUrls: ReturnType<typeof installObjectUrls>;
let audios: HTMLMediaElement[];
let unregisterToken: () => void;

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
  objectUrls = installObjectUrls();
  audios = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    audios.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  unregisterToken = setAccessTokenGetter(() => 'token-1');
  window.localStorage.setItem(VOICE_MODE_KEY, 'true');
});
afterEach(() => {
  // Unmounted while play() and pause() are still the fakes (leaving the chat stops the audio).
  cleanup();
  unregisterToken();
  objectUrls.uninstall();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderChat() {
  renderWithProviders(
    <InformationSourceProvider>
      <ChatView sessionId={1} />
    </InformationSourceProvider>,
  );
  await screen.findByText('Open Vendors, then New.');
  return screen.getAllByRole('button', { name: 'Play audio' });
}

describe('ChatView reading answers aloud', () => {
  it('offers no audio button unless Voice Mode is on', async () => {
    window.localStorage.setItem(VOICE_MODE_KEY, 'false');
    renderWithProviders(
      <InformationSourceProvider>
        <ChatView sessionId={1} />
      </InformationSourceProvider>,
    );
    await screen.findByText('Open Vendors, then New.');
    expect(screen.queryByRole('button', { name: 'Play audio' })).toBeNull();
  });

  it('shows the wait, plays the clip fetched with the bearer token until it ends, then frees it', async () => {
    const [first] = await renderChat();
    await userEvent.click(first);
    expect(first.getAttribute('aria-busy')).toBe('true');
    expect(server.state.spoken).toEqual(['Open Vendors, then New.']);

    server.state.answerSynthesis(clip(1));
    await waitFor(() => expect(first.getAttribute('aria-busy')).toBeNull());
    expect(first.getAttribute('aria-label')).toBe('Stop audio');
    expect(server.state.clipAuthorization).toEqual(['Bearer token-1']);
    expect(audios).toHaveLength(1);
    expect(audios[0].src).toBe('blob:fake/1');

    act(() => void audios[0].dispatchEvent(new Event('ended')));
    expect(first.getAttribute('aria-label')).toBe('Play audio');
    expect(objectUrls.revoked).toEqual(['blob:fake/1']);
  });

  it('stops when pressed again, and plays one answer at a time', async () => {
    const [first, second] = await renderChat();
    await userEvent.click(first);
    server.state.answerSynthesis(clip(1));
    await waitFor(() => expect(audios).toHaveLength(1));

    await userEvent.click(second);
    expect(first.getAttribute('aria-label')).toBe('Play audio');
    expect(objectUrls.revoked).toEqual(['blob:fake/1']);
    server.state.answerSynthesis(clip(2));
    await waitFor(() => expect(second.getAttribute('aria-busy')).toBeNull());
    expect(second.getAttribute('aria-label')).toBe('Stop audio');
    expect(vi.mocked(HTMLMediaElement.prototype.pause).mock.contexts).toContain(audios[0]);

    await userEvent.click(second);
    expect(second.getAttribute('aria-label')).toBe('Play audio');
    expect(objectUrls.revoked).toEqual(['blob:fake/1', 'blob:fake/2']);
    // The ended clip no longer speaks for the button.
    act(() => void audios[1].dispatchEvent(new Event('ended')));
    expect(screen.getAllByRole('button', { name: 'Play audio' })).toHaveLength(2);
  });

  it("toasts 'Speech synthesis failed' when no audio comes back", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const [first] = await renderChat();
    await userEvent.click(first);
    server.state.answerSynthesis(Response.json({ error: { code: 'synthesis_failed', message: 'flite crashed' } }, { status: 502 }));
    expect(await screen.findByText('Speech synthesis failed')).toBeTruthy();
    expect(screen.getByText('Could not generate audio response.')).toBeTruthy();
    expect(first.getAttribute('aria-label')).toBe('Play audio');
  });

  it('says why when the server refuses a clip for its limits', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const [first] = await renderChat();
    await userEvent.click(first);
    const busy = 'You have clips waiting to be read aloud; try again in a few seconds.';
    server.state.answerSynthesis(Response.json({ error: { code: 'speech_busy', message: busy } }, { status: 429, headers: { 'retry-after': '5' } }));
    expect(await screen.findByText('Speech synthesis failed')).toBeTruthy();
    expect(screen.getByText(busy)).toBeTruthy();
  });

  it("toasts 'Playback failed' when the browser cannot play the clip", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(HTMLMediaElement.prototype.play).mockRejectedValueOnce(new DOMException('No supported source', 'NotSupportedError'));
    const [first] = await renderChat();
    await userEvent.click(first);
    server.state.answerSynthesis(clip(1));
    expect(await screen.findByText('Playback failed')).toBeTruthy();
    expect(screen.getByText('Could not play audio response.')).toBeTruthy();
    expect(first.getAttribute('aria-label')).toBe('Play audio');
    expect(objectUrls.revoked).toEqual(['blob:fake/1']);
  });
});
