import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply of the fake model server. */
export type FakeReply =
  | { kind: 'text'; chunks: string[]; delayMs?: number }
  | { kind: 'tool-call'; name: string; args: Record<string, unknown>; splitInto?: number }
  /** A non-streaming answer (structured output): `content` is sent as the message's JSON text. */
  | { kind: 'json'; content: Record<string, unknown> | string; delayMs?: number }
  | { kind: 'status'; status: number; message?: string; retryAfter?: number }
  /** Streams `chunks` slowly forever-ish until the client goes away. */
  | { kind: 'slow'; chunk: string; everyMs: number; max: number }
  /** Says nothing until the client goes away; with `afterText`, goes quiet after streaming it. */
  | { kind: 'hang'; afterText?: string };

export interface RecordedRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: unknown; tool_calls?: unknown }>;
    tools?: unknown[];
    response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  };
  receivedAt: number;
}

/**
 * An OpenAI-compatible /v1/chat/completions on 127.0.0.1 that streams real SSE chunks: text
 * deltas, tool calls split across chunks (joined by index, as real servers send them), error
 * statuses with the real error body, and slow streams whose client may walk away. A request
 * without `stream: true` gets one chat.completion object (structured output's JSON as its text).
 */
export class FakeOpenAI {
  private server?: http.Server;
  private script: FakeReply[] = [];
  private topical: Array<{ when: RegExp; reply: FakeReply }> = [];
  readonly requests: RecordedRequest[] = [];
  baseUrl = '';
  /** Set when a slow stream's socket closed before it finished. */
  clientAbortedAt?: number;

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  /** Replies are used in order, one per request; the last one repeats. */
  reply(...replies: FakeReply[]): this {
    this.script = replies;
    return this;
  }

  /** When the latest user message matches `when`, `reply` answers instead of the script (every time). */
  replyWhen(when: RegExp, reply: FakeReply): this {
    this.topical.push({ when, reply });
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private hangUntilClosed(res: http.ServerResponse): void {
    res.on('close', () => {
      if (!res.writableFinished) this.clientAbortedAt = Date.now();
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return void res.writeHead(404).end();
    const body = JSON.parse(raw) as RecordedRequest['body'];
    this.requests.push({ body, receivedAt: Date.now() });
    const asked = body.messages.filter((m) => m.role === 'user').at(-1)?.content;
    const topical = this.topical.find(({ when }) => typeof asked === 'string' && when.test(asked))?.reply;
    const next = topical ?? (this.script.length > 1 ? this.script.shift()! : this.script[0]);
    if (!next) return void res.writeHead(500).end();

    if (next.kind === 'status') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (next.retryAfter !== undefined) headers['retry-after'] = String(next.retryAfter);
      const error = {
        message: next.message ?? `fake error ${next.status}`,
        type: next.status === 429 ? 'rate_limit_exceeded' : 'server_error',
        param: null,
        code: null,
      };
      return void res.writeHead(next.status, headers).end(JSON.stringify({ error }));
    }

    if (next.kind === 'hang' && next.afterText === undefined) return this.hangUntilClosed(res);
    if (!body.stream) return this.complete(res, body, next);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const id = `chatcmpl-${this.requests.length}`;
    const send = (delta: object, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    const done = (prompt = 50, completion = 20) => {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    };

    if (next.kind === 'json')
      return void res.writeHead(400).end(JSON.stringify({ error: { message: 'a json reply answers only a non-streaming request' } }));
    send({ role: 'assistant', content: '' });
    if (next.kind === 'hang') {
      send({ content: next.afterText });
      return this.hangUntilClosed(res);
    }
    if (next.kind === 'text') {
      for (const chunk of next.chunks) {
        if (next.delayMs) await sleep(next.delayMs);
        send({ content: chunk });
      }
      send({}, 'stop');
      return done();
    }
    if (next.kind === 'tool-call') {
      const args = JSON.stringify(next.args);
      const parts = next.splitInto ?? 3;
      const size = Math.ceil(args.length / parts);
      send({ tool_calls: [{ index: 0, id: `call_${this.requests.length}`, type: 'function', function: { name: next.name, arguments: '' } }] });
      for (let i = 0; i < args.length; i += size) send({ tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + size) } }] });
      send({}, 'tool_calls');
      return done();
    }
    let closed = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        closed = true;
        this.clientAbortedAt = Date.now();
      }
    });
    for (let i = 0; i < next.max && !closed; i++) {
      send({ content: next.chunk });
      await sleep(next.everyMs);
    }
    if (!closed) {
      send({}, 'stop');
      done();
    }
  }

  /** The non-streaming wire format: one chat.completion with the whole message and usage. */
  private async complete(res: http.ServerResponse, body: RecordedRequest['body'], next: FakeReply) {
    if (next.kind !== 'json' && next.kind !== 'text') {
      return void res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `no non-streaming ${next.kind} reply` } }));
    }
    if (next.delayMs) await sleep(next.delayMs);
    const content = next.kind === 'text' ? next.chunks.join('') : typeof next.content === 'string' ? next.content : JSON.stringify(next.content);
    const completion = {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: 1,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
    };
    if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
