import type { ChatMessage } from '@contract/chat';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/render';
import { downloadTextFile } from '../lib/export-chat';
import { reloadPage } from '../lib/reload-page';
import { useChatActions } from './use-chat-actions';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));
vi.mock('../lib/export-chat', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/export-chat')>()),
  downloadTextFile: vi.fn(),
}));

const messages: ChatMessage[] = [
  { id: 'u1', role: 'user', content: 'First question', createdAt: '2025-03-04T10:00:00.000Z', metadata: null },
  { id: 'a1', role: 'assistant', content: 'An answer', createdAt: '2025-03-04T10:00:01.000Z', metadata: null },
  { id: 'u2', role: 'user', content: 'Latest question', createdAt: '2025-03-04T10:01:00.000Z', metadata: null },
];

function renderActions(sessionId = 3) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useChatActions(sessionId), { wrapper });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/chat/3/messages' && init.method === 'DELETE') return Response.json({ success: true });
    if (url === '/api/chat/3/messages') return Response.json(messages);
    return new Response('Server error', { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('useChatActions', () => {
  it("Clear deletes the session's messages, then reloads the page", async () => {
    const { result } = renderActions();
    await act(() => result.current.clearChat());
    expect(fetchMock).toHaveBeenCalledWith('/api/chat/3/messages', expect.objectContaining({ method: 'DELETE' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('Clear only logs a failure and does not reload', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useChatActions(9), {
      wrapper: ({ children }) => <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>,
    });
    await act(() => result.current.clearChat());
    expect(reloadPage).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
  });

  it('Export downloads the conversation as a dated text file', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 4, 12, 0));
    const { result } = renderActions();
    await act(() => result.current.exportChat());
    vi.useRealTimers();

    const [fileName, text] = vi.mocked(downloadTextFile).mock.calls[0];
    expect(fileName).toBe('kai-chat-session-3-2025-03-04.txt');
    expect(text).toContain('KAI Chat Export\nGenerated: ');
    expect(text).toContain('Session: 3\n\n[2025-03-04T10:00:00.000Z] You: First question\n');
    expect(text).toContain('[2025-03-04T10:00:01.000Z] KAI: An answer');
  });

  it('knows the most recent user question once the messages are loaded', async () => {
    const { result } = renderActions();
    expect(result.current.getLastQuestion()).toBeUndefined();
    await act(() => result.current.exportChat());
    expect(result.current.getLastQuestion()).toBe('Latest question');
  });
});
