import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible `/v1/embeddings` server on 127.0.0.1 for tests. Vectors are a hashed
 * bag of words, so texts sharing words are close; `meanings` makes chosen words land on the
 * same dimension, standing in for what a real model knows ("salary" ~ "payroll").
 */
export class FakeEmbeddingsServer {
  readonly requests: Array<{ model: string; input: string[]; authorization?: string }> = [];
  /** Every POST, answered or failed. */
  hits = 0;
  private server?: http.Server;
  private failures: number[] = [];

  constructor(
    readonly dimensions = 64,
    private readonly meanings: Record<string, string> = {},
  ) {}

  get baseUrl(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** The next calls answer these statuses (e.g. 429, 503) before answering normally again. */
  failNext(...statuses: number[]): void {
    this.failures.push(...statuses);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => this.answer(req, res, body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  vector(text: string): number[] {
    const v = new Array<number>(this.dimensions).fill(0);
    for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      const word = raw.length > 3 ? raw.replace(/s$/, '') : raw;
      const meaning = this.meanings[word] ?? word;
      v[createHash('sha1').update(meaning).digest().readUInt32BE(0) % this.dimensions] += 1;
    }
    const norm = Math.hypot(...v) || 1;
    return v.map((x) => x / norm);
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return send(404, { error: { message: 'not found' } });
    this.hits++;
    const failure = this.failures.shift();
    if (failure) return send(failure, { error: { message: `injected ${failure}` } });
    let parsed: { model?: unknown; input?: unknown };
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(400, { error: { message: 'invalid JSON' } });
    }
    const input = typeof parsed.input === 'string' ? [parsed.input] : parsed.input;
    if (typeof parsed.model !== 'string' || !Array.isArray(input) || !input.every((t) => typeof t === 'string')) {
      return send(400, { error: { message: 'model and input are required' } });
    }
    this.requests.push({ model: parsed.model, input, authorization: req.headers.authorization });
    send(200, {
      object: 'list',
      model: parsed.model,
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: this.vector(text) })).reverse(),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  }
}
