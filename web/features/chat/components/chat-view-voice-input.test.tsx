import type { ChatMessage, SendChatResponse } from '@contract/chat';
import type { VoiceStatus } from '@contract/voice';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InformationSourceProvider } from '@/stores/information-source';
import { installFakeMicrophone } from '@/test/fake-microphone';
import { renderWithProviders } from '@/test/render';
import { ChatView } from './chat-view';

const offline: VoiceStatus = { inputEngine: 'pocketsphinx', outputEngine: 'flite' };
const notSetUp: VoiceStatus = {
  inputEngine: null,
  inputHint: 'Install pocketsphinx, or set SPEECH_SERVER_URL, to enable it.',
  outputEngine: 'flite',
};

function message(id: string, role: ChatMessage['role'], content: string): ChatMessage {
  return { id, role, content, createdAt: '2025-03-04T10:00:00.000Z', metadata: null };
}

/** Messages, plain-JSON answers to POST /api/chat, and a transcription answered by hand. */
function fakeServer() {
  const state = { sentQuestions: [] as unknown[], audioData: [] as string[], answerTranscription: (_response: Response) => {} };
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/chat/1/messages') return Response.json([]);
    if (url === '/api/voice/transcribe') {
      state.audioData.push((JSON.parse(String(init.body)) as { audioData: string }).audioData);
      return new Promise<Response>((resolve) => (state.answerTranscription = resolve));
    }
    if (url === '/api/chat') {
      const body = JSON.parse(String(init.body)) as { message: string };
      state.sentQuestions.push(body);
      const answer: SendChatResponse = {
        sessionId: 1,
        userMessage: message('u1', 'user', body.message),
        message: message('a1', 'assistant', 'Here they are.'),
      };
      return Response.json(answer);
    }
    return new Response('Not found', { status: 404 });
  });
  return { state, fetchMock };
}

function renderChat(voice: VoiceStatus | undefined = offline) {
  renderWithProviders(
    <InformationSourceProvider>
      <ChatView sessionId={1} voice={voice} />
    </InformationSourceProvider>,
  );
}

/** The input bar's microphone; the open dialog hides the page from assistive technology. */
const micButton = () => screen.getByRole('button', { name: 'Record voice', hidden: true });
const pressShortcut = () => fireEvent.keyDown(window, { code: 'Space', key: ' ', ctrlKey: true, shiftKey: true });

let server: ReturnType<typeof fakeServer>;
let microphone: ReturnType<typeof installFakeMicrophone>;

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
  microphone = installFakeMicrophone();
});
afterEach(() => {
  microphone.uninstall();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Clicks the microphone, grants it, speaks a little and presses Stop Recording. */
async function recordAQuestion() {
  await screen.findByText('How can I help you today?');
  await userEvent.click(micButton());
  await screen.findByText('Listening...');
  microphone.feed(4800);
  await userEvent.click(screen.getByRole('button', { name: 'Stop Recording' }));
}

describe('ChatView voice input', () => {
  it('records, shows Processing voice... while transcribing, then sends the transcript with the current source', async () => {
    renderChat();
    await screen.findByText('How can I help you today?');
    let grant: (stream: unknown) => void = () => {};
    microphone.getUserMedia.mockImplementationOnce(() => new Promise((resolve) => (grant = resolve)));
    await userEvent.click(micButton());

    expect(screen.getByRole('dialog', { name: 'Voice Input' }).textContent).toContain('Ready to record');
    grant({ getTracks: () => [microphone.track] });
    expect(await screen.findByText('Listening...')).toBeTruthy();
    expect(micButton().getAttribute('aria-pressed')).toBe('true');
    expect(micButton().className).toContain('bg-red-600');

    microphone.feed(4800);
    await userEvent.click(screen.getByRole('button', { name: 'Stop Recording' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(microphone.track.stop).toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('Processing voice...');
    // Base64 of a WAV file: 'RIFF' encodes as 'UklGR'.
    await waitFor(() => expect(server.state.audioData[0]).toMatch(/^UklGR/));

    server.state.answerTranscription(Response.json({ transcript: '  Show the open invoices  ' }));
    expect(await screen.findByText('Show the open invoices')).toBeTruthy();
    expect(server.state.sentQuestions).toEqual([{ message: 'Show the open invoices', source: 'structure', sessionId: 1 }]);
    expect(screen.queryByText('Processing voice...')).toBeNull();
  });

  it('sends nothing when nothing was heard, and says so gently', async () => {
    renderChat();
    await recordAQuestion();
    await waitFor(() => expect(server.state.audioData).toHaveLength(1));
    server.state.answerTranscription(Response.json({ transcript: ' ' }));
    expect(await screen.findByText("Didn't catch that")).toBeTruthy();
    expect(server.state.sentQuestions).toEqual([]);
    expect(screen.getByText('How can I help you today?')).toBeTruthy();
  });

  it("toasts 'Recording failed' when the microphone is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    microphone.getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    renderChat();
    await screen.findByText('How can I help you today?');
    await userEvent.click(micButton());
    expect(await screen.findByText('Recording failed')).toBeTruthy();
    expect(screen.getByText('Could not access microphone. Please check permissions.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("toasts the product's words when transcription fails, and the server's when voice input is not set up", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderChat();
    await recordAQuestion();
    await waitFor(() => expect(server.state.audioData).toHaveLength(1));
    server.state.answerTranscription(Response.json({ error: { code: 'transcription_failed', message: 'Engine crashed' } }, { status: 502 }));
    expect(await screen.findByText('Transcription failed')).toBeTruthy();
    expect(screen.getByText('Could not transcribe audio. Please try again.')).toBeTruthy();

    await userEvent.click(micButton());
    await screen.findByText('Listening...');
    microphone.feed(4800);
    await userEvent.click(screen.getByRole('button', { name: 'Stop Recording' }));
    await waitFor(() => expect(server.state.audioData).toHaveLength(2));
    server.state.answerTranscription(Response.json({ error: { code: 'voice_input_unavailable', message: notSetUp.inputHint } }, { status: 503 }));
    expect(await screen.findByText(notSetUp.inputHint!)).toBeTruthy();
    expect(server.state.sentQuestions).toEqual([]);
  });

  it('starts and stops recording with Ctrl+Shift+Space', async () => {
    renderChat();
    await screen.findByText('How can I help you today?');
    expect(micButton().getAttribute('aria-keyshortcuts')).toBe('Control+Shift+Space');
    pressShortcut();
    expect(await screen.findByText('Listening...')).toBeTruthy();
    microphone.feed(4800);
    pressShortcut();
    await waitFor(() => expect(server.state.audioData).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no recording, and says how to set it up, when the server has no speech-to-text engine', async () => {
    renderChat(notSetUp);
    await screen.findByText('How can I help you today?');
    const mic = micButton();
    expect(mic.getAttribute('aria-disabled')).toBe('true');
    expect(mic.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(mic.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Voice input is not set up. Install pocketsphinx, or set SPEECH_SERVER_URL, to enable it.',
    );
    await userEvent.click(mic);
    pressShortcut();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(microphone.getUserMedia).not.toHaveBeenCalled();
  });
});
