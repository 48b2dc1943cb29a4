import type { ChatMessage, SendChatResponse } from '@contract/chat';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InformationSourceProvider } from '@/stores/information-source';
import { renderWithProviders } from '@/test/render';
import { ChatView } from './chat-view';

const encoder = new TextEncoder();

/** A fake server: stored messages for GET, and a hand-fed SSE stream for POST /api/chat. */
function fakeServer() {
  const state = {
    stored: [] as ChatMessage[],
    messagesPending: false,
    postResponse: null as Response | null,
    stream: null as ReadableStreamDefaultController<Uint8Array> | null,
    sent: [] as unknown[],
    aborted: false,
  };
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/chat/1/messages') {
      if (state.messagesPending) return new Promise<Response>(() => {});
      return Response.json(state.stored);
    }
    if (url === '/api/chat' && init.method === 'POST') {
      state.sent.push(JSON.parse(String(init.body)));
      if (state.postResponse) return state.postResponse;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          state.stream = controller;
          init.signal?.addEventListener('abort', () => {
            state.aborted = true;
            controller.error(new DOMException('The operation was aborted.', 'AbortError'));
          });
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    return new Response('Not found', { status: 404 });
  });
  const emit = (event: string, data: unknown) => state.stream?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  const messageCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/chat/1/messages').length;
  return { state, fetchMock, emit, messageCalls };
}

function message(id: string, role: ChatMessage['role'], content: string, metadata: ChatMessage['metadata'] = null): ChatMessage {
  return { id, role, content, createdAt: '2025-03-04T10:00:00.000Z', metadata };
}

function renderChat(onMessageSent = vi.fn()) {
  renderWithProviders(
    <InformationSourceProvider>
      <ChatView sessionId={1} onMessageSent={onMessageSent} />
    </InformationSourceProvider>,
  );
  return { onMessageSent, field: screen.getByPlaceholderText('Ask me anything about Structure ERP...') as HTMLTextAreaElement };
}

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ChatView', () => {
  it('greets the user when the chat is empty', async () => {
    renderChat();
    expect(await screen.findByText('How can I help you today?')).toBeTruthy();
    expect(screen.getByText('Invoice parsing and vendor matching')).toBeTruthy();
  });

  it('shows three skeleton rows while the messages load', () => {
    server.state.messagesPending = true;
    renderChat();
    expect(screen.getAllByTestId('message-skeleton')).toHaveLength(3);
  });

  it('shows the stored conversation', async () => {
    server.state.stored = [message('u1', 'user', 'Earlier question'), message('a1', 'assistant', 'Earlier answer')];
    renderChat();
    expect(await screen.findByText('Earlier question')).toBeTruthy();
    expect(await screen.findByText('Earlier answer')).toBeTruthy();
  });

  it('streams the answer token by token, then shows the stored message', async () => {
    const { field, onMessageSent } = renderChat();
    await screen.findByText('How can I help you today?');

    await userEvent.type(field, '  How do I add a vendor?  {Enter}');
    expect(await screen.findByText('KAI is thinking...')).toBeTruthy();
    expect(screen.getByText('How do I add a vendor?')).toBeTruthy();
    expect(server.state.sent).toEqual([{ message: 'How do I add a vendor?', source: 'structure', sessionId: 1 }]);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);

    server.emit('sources', { sources: [{ type: 'structure', title: 'AP Guide', snippet: 'Vendors' }] });
    server.emit('token', { text: 'Open ' });
    expect(await screen.findByText('Open')).toBeTruthy();
    server.emit('token', { text: 'Vendors.' });
    expect(await screen.findByText('Open Vendors.')).toBeTruthy();
    expect(screen.queryByText('KAI is thinking...')).toBeNull();

    const response: SendChatResponse = {
      sessionId: 1,
      userMessage: message('u2', 'user', 'How do I add a vendor?'),
      message: message('a2', 'assistant', 'Open Vendors, then click New.', {
        sources: [{ type: 'structure', title: 'AP Guide', snippet: 'Vendors' }],
      }),
    };
    const callsBefore = server.messageCalls();
    server.state.stored = [response.userMessage, response.message];
    server.emit('message', response);
    server.state.stream?.close();

    expect(await screen.findByText('Open Vendors, then click New.')).toBeTruthy();
    await waitFor(() => expect(server.messageCalls()).toBeGreaterThan(callsBefore));
    expect(screen.queryByText('Open Vendors.')).toBeNull();
    expect(screen.getAllByText('How do I add a vendor?')).toHaveLength(1);
    expect(onMessageSent).toHaveBeenCalledWith(response);
  });

  it('stops a streaming answer and shows what the server kept', async () => {
    const { field } = renderChat();
    await screen.findByText('How can I help you today?');
    await userEvent.type(field, 'Explain job cost{Enter}');
    server.emit('token', { text: 'Job cost tracks' });
    await screen.findByText('Job cost tracks');

    server.state.stored = [message('u3', 'user', 'Explain job cost'), message('a3', 'assistant', 'Job cost tracks', { stopped: true })];
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));

    expect(server.state.aborted).toBe(true);
    expect(await screen.findByText('Stopped')).toBeTruthy();
    expect(screen.getAllByText('Job cost tracks')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.queryByText('Message not sent')).toBeNull();
  });

  it("shows the server's reason when a send is refused and keeps the typed text", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.state.postResponse = Response.json(
      { error: { code: 'BUDGET_EXHAUSTED', message: "Today's question budget is spent. Try again tomorrow." } },
      { status: 429 },
    );
    const { field } = renderChat();
    await screen.findByText('How can I help you today?');
    await userEvent.type(field, 'One more question{Enter}');

    expect(await screen.findByText("Today's question budget is spent. Try again tomorrow.")).toBeTruthy();
    expect(screen.getByText('Message not sent')).toBeTruthy();
    expect(field.value).toBe('One more question');
    expect(screen.getByText('How can I help you today?')).toBeTruthy();
  });

  it('shows an error sent inside the stream', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { field } = renderChat();
    await screen.findByText('How can I help you today?');
    await userEvent.type(field, 'Hello{Enter}');
    server.emit('error', { error: { code: 'MODEL_FAILED', message: 'The assistant could not answer just now.' } });
    server.state.stream?.close();
    expect(await screen.findByText('The assistant could not answer just now.')).toBeTruthy();
    expect(field.value).toBe('Hello');
  });
});
