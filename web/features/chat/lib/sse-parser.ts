/**
 * A small parser for server-sent events (the WHATWG "event stream" format), fed text in
 * whatever pieces the network delivers. EventSource cannot be used because the chat stream
 * is a POST with a bearer token.
 */

export type SseEvent = { event: string; data: string };

export type SseParser = {
  /** Feeds the next piece of text; returns the events it completed. */
  push: (chunk: string) => SseEvent[];
  /** Ends the stream: an event left without its closing blank line is still delivered. */
  end: () => SseEvent[];
};

export function createSseParser(): SseParser {
  let buffer = '';
  let eventType = '';
  let dataLines: string[] = [];

  const dispatch = (events: SseEvent[]) => {
    if (dataLines.length > 0) events.push({ event: eventType || 'message', data: dataLines.join('\n') });
    eventType = '';
    dataLines = [];
  };

  const processLine = (line: string, events: SseEvent[]) => {
    if (line === '') return dispatch(events);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') dataLines.push(value);
    // 'id' and 'retry' matter only for reconnection, which a POST answer never does.
  };

  const drain = (final: boolean): SseEvent[] => {
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const char = buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF split across chunks.
      if (char === '\r' && i === buffer.length - 1 && !final) break;
      processLine(buffer.slice(start, i), events);
      if (char === '\r' && buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
    if (final) {
      if (buffer) processLine(buffer, events);
      buffer = '';
      dispatch(events);
    }
    return events;
  };

  return {
    push: (chunk) => {
      buffer += chunk;
      return drain(false);
    },
    end: () => drain(true),
  };
}

/** Decodes a byte stream (UTF-8, characters may straddle chunks) into events. */
export async function* readSseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    // A consumer that stops early (or an abort) must not leave the connection open.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
