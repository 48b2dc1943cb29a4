import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export interface HugeUploadOutcome {
  status?: number;
  body?: string;
  error?: string;
  /** Bytes the client had handed to the socket when the exchange ended. */
  sent: number;
  total: number;
}

/**
 * Posts one multipart file of `totalBytes` that the client keeps sending, to see whether the
 * server answers and hangs up soon after its limit or reads the whole body first.
 */
export async function postHugeUpload(
  app: FastifyInstance,
  options: { path: string; field: string; filename: string; headers: Record<string, string>; totalBytes: number; head?: string },
): Promise<HugeUploadOutcome> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const boundary = 'kai-huge-upload';
  let sent = 0;
  const body = Readable.from(
    (function* () {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${options.field}"; filename="${options.filename}"\r\n\r\n${options.head ?? ''}`,
      );
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      while (sent < options.totalBytes) {
        sent += chunk.length;
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
  const outcome = await new Promise<Omit<HugeUploadOutcome, 'sent' | 'total'>>((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: options.path,
      headers: { ...options.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (c) => (text += c));
      response.on('end', () => resolve({ status: response.statusCode, body: text }));
      response.on('error', (err) => resolve({ status: response.statusCode, error: err.message }));
    });
    request.on('error', (err) => resolve({ error: err.message }));
    body.pipe(request);
  });
  body.destroy();
  return { ...outcome, sent, total: options.totalBytes };
}
