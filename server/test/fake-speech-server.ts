/**
 * A fake OpenAI-compatible speech server on 127.0.0.1 for tests: `POST /v1/audio/transcriptions`
 * (multipart: file, model, optional language and prompt; `response_format` json -> `{ text }`)
 * and `POST /v1/audio/speech` (JSON `{ model, input, voice, response_format }` -> audio bytes).
 * It records every request and can be told to fail.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedSpeechRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Multipart text fields (transcriptions) or the JSON body (speech). */
  fields: Record<string, unknown>;
  /** The uploaded file's name and bytes (transcriptions). */
  file?: { name: string; contentType?: string; bytes: Buffer };
}

/** A mono 16-bit PCM WAV of silence, `ms` long. */
export function silentWav(ms: number, sampleRate = 16_000): Buffer {
  const samples = Math.round((sampleRate * ms) / 1000);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  return wav;
}

function parseMultipart(body: Buffer, contentType: string): Pick<RecordedSpeechRequest, 'fields' | 'file'> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const fields: Record<string, unknown> = {};
  let file: RecordedSpeechRequest['file'];
  if (!boundary) return { fields };
  const text = body.toString('latin1');
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    const head = part.slice(0, headerEnd);
    const content = part.slice(headerEnd + 4, part.length - 2);
    const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (filename !== undefined) {
      file = { name: filename, contentType: /content-type:\s*(\S+)/i.exec(head)?.[1], bytes: Buffer.from(content, 'latin1') };
    } else fields[name] = Buffer.from(content, 'latin1').toString('utf8');
  }
  return { fields, file };
}

export class FakeSpeechServer {
  /** What transcriptions answer. */
  transcript = 'show the open invoices';
  /** When set, every request answers this status with an OpenAI-style error body. */
  failWith: number | undefined;
  /** Delay before answering, for timeout tests. */
  delayMs = 0;
  readonly requests: RecordedSpeechRequest[] = [];
  private server: Server | undefined;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const path = req.url ?? '';
        const contentType = req.headers['content-type'] ?? '';
        const parsed = contentType.startsWith('multipart/')
          ? parseMultipart(body, contentType)
          : { fields: contentType.includes('json') ? (JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>) : {} };
        this.requests.push({ path, headers: req.headers, body, ...parsed });
        setTimeout(() => {
          if (this.failWith) {
            res.writeHead(this.failWith, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error', param: null, code: null } }));
          } else if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ text: this.transcript }));
          } else if (req.method === 'POST' && path === '/v1/audio/speech') {
            const input = String(parsed.fields.input ?? '');
            const wav = silentWav(Math.max(100, input.length * 10), 24_000);
            const format = String(parsed.fields.response_format ?? 'mp3');
            res.writeHead(200, { 'content-type': format === 'wav' ? 'audio/wav' : 'audio/mpeg' });
            res.end(wav);
          } else res.writeHead(404).end();
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** Ends in `/v1`, as the speech client's base URL. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
