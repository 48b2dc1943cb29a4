import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeEmbeddingsServer } from '../test/fake-embeddings-server';
import { createEmbeddingsClient, EmbeddingsError } from './embeddings';

describe('OpenAI-compatible embeddings client', () => {
  let server: FakeEmbeddingsServer;
  beforeAll(async () => {
    server = await new FakeEmbeddingsServer(16).start();
  });
  afterAll(() => server.stop());

  const client = (extra: Partial<Parameters<typeof createEmbeddingsClient>[0]> = {}) =>
    createEmbeddingsClient({ baseUrl: server.baseUrl, model: 'fake-embed', dimensions: 16, retryDelayMs: 5, ...extra });

  it('returns one vector per input, in input order, in batches', async () => {
    const before = server.requests.length;
    const texts = Array.from({ length: 5 }, (_, i) => `text number ${i}`);
    const vectors = await client({ batchSize: 2, apiKey: 'sk-test' }).embed(texts);
    expect(vectors).toEqual(texts.map((t) => server.vector(t)));
    const calls = server.requests.slice(before);
    expect(calls.map((c) => c.input.length)).toEqual([2, 2, 1]);
    expect(calls[0]).toMatchObject({ model: 'fake-embed', authorization: 'Bearer sk-test' });
  });

  it('retries 429 and 5xx answers, then succeeds', async () => {
    server.failNext(429, 503);
    await expect(client().embed(['retainage'])).resolves.toEqual([server.vector('retainage')]);
  });

  it('gives up after the bounded number of retries', async () => {
    server.failNext(500, 500, 500);
    await expect(client({ maxRetries: 2 }).embed(['x'])).rejects.toThrow(/answered 500/);
  });

  it('does not retry a 4xx other than 429', async () => {
    server.failNext(401);
    const before = server.hits;
    const failure = await client()
      .embed(['x'])
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(EmbeddingsError);
    expect(failure).toMatchObject({ status: 401 });
    expect(server.hits - before).toBe(1);
  });

  it('rejects vectors of the wrong size with a clear message', async () => {
    await expect(client({ dimensions: 8 }).embed(['x'])).rejects.toThrow(/expected 8/);
  });

  it('times out a silent server', async () => {
    const silent = await import('node:http').then((http) => http.createServer(() => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as import('node:net').AddressInfo;
    try {
      const c = createEmbeddingsClient({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        model: 'm',
        dimensions: 4,
        timeoutMs: 100,
        maxRetries: 1,
        retryDelayMs: 5,
      });
      await expect(c.embed(['x'])).rejects.toThrow(/embeddings request failed/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
