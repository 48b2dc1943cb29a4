import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatStreamEvent } from '@contract/chat';

/**
 * A server-sent-events answer on a hijacked reply. `signal` aborts when the client goes away,
 * so the upstream model call stops with it.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply) {
  const controller = new AbortController();
  let finished = false;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.flushHeaders();
  raw.on('close', () => {
    if (!finished) controller.abort(new Error('client disconnected'));
  });

  return {
    signal: controller.signal,
    send(event: ChatStreamEvent): void {
      if (raw.writableEnded || raw.destroyed) return;
      raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    },
    end(): void {
      finished = true;
      if (!raw.writableEnded) raw.end();
    },
  };
}

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}
