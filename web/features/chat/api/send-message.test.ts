import type { ChatMessage, MessageSource, SendChatResponse } from '@contract/chat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatStreamError, sendChatMessage } from './send-message';

const input = { message: 'How do I add a vendor?', source: 'structure' as const, sessionId: 1 };

function message(id: string, role: ChatMessage['role'], content: string): ChatMessage {
  return { id, role, content, createdAt: '2025-03-04T10:00:00.000Z', metadata: null };
}

const answer: SendChatResponse = {
  sessionId: 1,
  userMessage: message('u1', 'user', 'How do I add a vendor?'),
  message: message('a1', 'assistant', 'Open Vendors – then click New.'),
};

/** Answers POST /api/chat with an event stream delivered in exactly these byte chunks. */
function serveStream(chunks: Uint8Array[]): { cancelled: () => boolean } {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(chunk));
    },
    cancel() {
      cancelled = true;
    },
  });
  vi.stubGlobal('fetch', async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }));
  return { cancelled: () => cancelled };
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Splits the UTF-8 bytes of `text` every `size` bytes, cutting lines and characters alike. */
function bytesInPieces(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const pieces: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.slice(start, start + size));
  return pieces;
}

afterEach(() => vi.unstubAllGlobals());

describe('sendChatMessage', () => {
  const sources: MessageSource[] = [{ type: 'structure', title: 'AP Guide', snippet: 'Vendors' }];
  const stream = [sse('sources', { sources }), sse('token', { text: 'Open ' }), sse('token', { text: 'Vendors – ' }), sse('message', answer)].join(
    '',
  );

  it.each([1, 3, 7, 1000])('reads sources, tokens and the stored message from chunks of %i bytes', async (size) => {
    const server = serveStream(bytesInPieces(stream, size));
    const tokens: string[] = [];
    const seenSources: MessageSource[][] = [];
    const onStored = vi.fn();

    const response = await sendChatMessage(input, { onToken: (text) => tokens.push(text), onSources: (s) => seenSources.push(s), onStored });

    expect(response).toEqual(answer);
    expect(tokens).toEqual(['Open ', 'Vendors – ']);
    expect(seenSources).toEqual([sources]);
    expect(onStored).toHaveBeenCalledWith(answer);
    // The answer is complete: the connection is closed rather than left open.
    expect(server.cancelled()).toBe(true);
  });

  it('accepts CRLF line ends and ignores comments', async () => {
    serveStream(bytesInPieces(`: keep-alive\r\n\r\n${sse('message', answer).replaceAll('\n', '\r\n')}`, 5));
    await expect(sendChatMessage(input)).resolves.toEqual(answer);
  });

  it("throws the stream's own error event", async () => {
    serveStream(
      bytesInPieces(
        sse('token', { text: 'Partial' }) + sse('error', { error: { code: 'database_unavailable', message: 'The database is unavailable.' } }),
        4,
      ),
    );
    const error = await sendChatMessage(input).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ChatStreamError);
    expect(error).toMatchObject({ code: 'database_unavailable', message: 'The database is unavailable.' });
  });

  it('says the answer was interrupted when the stream ends without one', async () => {
    const chunks = bytesInPieces(sse('token', { text: 'Half an' }), 6);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        chunks.forEach((chunk) => controller.enqueue(chunk));
        controller.close();
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    await expect(sendChatMessage(input)).rejects.toMatchObject({ code: 'STREAM_ENDED', message: 'The answer was interrupted. Please try again.' });
  });

  it('reads a plain JSON answer', async () => {
    vi.stubGlobal('fetch', async () => Response.json(answer));
    await expect(sendChatMessage(input)).resolves.toEqual(answer);
  });
});
