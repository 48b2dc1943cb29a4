import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatStreamEvent } from '@contract/chat';
import { PROCESS_HEADER, processName } from '../../http/process-name';

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
    [PROCESS_HEADER]: processName,
  });
  raw.flushHeaders();
  raw.on('close', () => {
    if (!finished) controller.abort(new Error('client disconnected'));
  });

  // Events of one event-loop turn go out in one write: a model often hands over several tokens
  // at once, and a write (a syscall) per token cost more CPU than the rest of the token's path.
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    if (!raw.writableEnded && !raw.destroyed) raw.write(text);
  };

  return {
    signal: controller.signal,
    send(event: ChatStreamEvent): void {
      if (raw.writableEnded || raw.destroyed) return;
      if (pending.length === 0) setImmediate(flush);
      pending.push(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    },
    end(): void {
      finished = true;
      flush();
      if (!raw.writableEnded) raw.end();
    },
  };
}

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}
