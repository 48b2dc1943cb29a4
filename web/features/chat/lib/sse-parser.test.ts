import { describe, expect, it } from 'vitest';
import { createSseParser, readSseEvents, type SseEvent } from './sse-parser';

function parseAll(chunks: string[]): SseEvent[] {
  const parser = createSseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

function byteStream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(chunk));
      controller.close();
    },
  });
}

describe('createSseParser', () => {
  it('reads named events with their data', () => {
    expect(parseAll(['event: token\ndata: {"text":"Hi"}\n\nevent: message\ndata: {}\n\n'])).toEqual([
      { event: 'token', data: '{"text":"Hi"}' },
      { event: 'message', data: '{}' },
    ]);
  });

  it('completes an event only at its blank line, however the text is split', () => {
    const parser = createSseParser();
    expect(parser.push('event: tok')).toEqual([]);
    expect(parser.push('en\ndata: {"te')).toEqual([]);
    expect(parser.push('xt":"a"}\n')).toEqual([]);
    expect(parser.push('\nevent: token\ndata: {"text":"b"}\n\n')).toEqual([
      { event: 'token', data: '{"text":"a"}' },
      { event: 'token', data: '{"text":"b"}' },
    ]);
  });

  it('splits every character into its own chunk without losing anything', () => {
    const text = 'event: token\r\ndata: {"text":"x y"}\r\n\r\nevent: error\ndata: {"error":1}\n\n';
    expect(parseAll([...text])).toEqual([
      { event: 'token', data: '{"text":"x y"}' },
      { event: 'error', data: '{"error":1}' },
    ]);
  });

  it('joins multi-line data with newlines', () => {
    expect(parseAll(['data: first\ndata: second\ndata:third\n\n'])).toEqual([{ event: 'message', data: 'first\nsecond\nthird' }]);
  });

  it('accepts CRLF and lone CR line ends, including a CRLF split across chunks', () => {
    expect(parseAll(['event: token\r', '\ndata: a\r', '\n\r', '\nevent: sources\rdata: b\r\r'])).toEqual([
      { event: 'token', data: 'a' },
      { event: 'sources', data: 'b' },
    ]);
  });

  it('ignores comments, unknown fields and events without data', () => {
    expect(parseAll([': keep-alive\n\nid: 7\nretry: 10\nevent: ping\n\nevent: token\nfoo: bar\ndata: z\n\n'])).toEqual([
      { event: 'token', data: 'z' },
    ]);
  });

  it('delivers a final event that lacks its closing blank line', () => {
    expect(parseAll(['event: message\ndata: {"done":true}'])).toEqual([{ event: 'message', data: '{"done":true}' }]);
  });

  it('keeps only one leading space of a value', () => {
    expect(parseAll(['data:  two spaces\n\n'])).toEqual([{ event: 'message', data: ' two spaces' }]);
  });
});

describe('readSseEvents', () => {
  it('decodes UTF-8 characters split between byte chunks', async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"text":"Café – ok"}\n\n');
    const splitAt = bytes.indexOf(0xc3) + 1; // inside the two-byte 'é'
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(byteStream([bytes.slice(0, splitAt), bytes.slice(splitAt)]))) events.push(event);
    expect(events).toEqual([{ event: 'token', data: '{"text":"Café – ok"}' }]);
  });
});
