/**
 * Client for an OpenAI-compatible `POST {baseUrl}/embeddings` endpoint (OpenAI, Azure, Ollama,
 * vLLM, llama.cpp server, LocalAI). `baseUrl` ends in `/v1`, as for the chat provider.
 */

export interface EmbeddingsClient {
  /** Length of every vector `embed` returns; the vector column is sized from it. */
  readonly dimensions: number;
  /** Identifies the vector space: stored vectors from another model are never compared. */
  readonly model?: string;
  embed(texts: string[]): Promise<number[][]>;
}

export interface EmbeddingsOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  dimensions: number;
  /** Per HTTP call. */
  timeoutMs?: number;
  /** Inputs per HTTP call. */
  batchSize?: number;
  /** Further attempts after a 429, a 5xx, a timeout or a network error. */
  maxRetries?: number;
  /** First back-off; doubles on each retry (a Retry-After header wins, capped at 10 s). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export class EmbeddingsError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EmbeddingsError';
  }
}

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: unknown }>;
}

export function createEmbeddingsClient(options: EmbeddingsOptions): EmbeddingsClient {
  const { model, dimensions } = options;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new EmbeddingsError(`embedding dimensions must be an integer between 1 and 16000 (got ${dimensions})`);
  }
  const url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const batchSize = options.batchSize ?? 64;
  const maxRetries = options.maxRetries ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  async function embedBatch(input: string[]): Promise<number[][]> {
    for (let attempt = 0; ; attempt++) {
      let retryAfterMs: number | undefined;
      let failure: EmbeddingsError;
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ model, input }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.ok) return parseVectors((await res.json()) as EmbeddingsResponse, input.length, dimensions);
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        failure = new EmbeddingsError(`embeddings endpoint answered ${res.status}${detail ? `: ${detail}` : ''}`, res.status);
        if (res.status !== 429 && res.status < 500) throw failure;
        retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      } catch (err) {
        if (err instanceof EmbeddingsError && (err.status === undefined || (err.status !== 429 && err.status < 500))) throw err;
        failure =
          err instanceof EmbeddingsError
            ? err
            : new EmbeddingsError(`embeddings request failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (attempt >= maxRetries) throw failure;
      await sleep(Math.min(retryAfterMs ?? retryDelayMs * 2 ** attempt, 10_000));
    }
  }

  return {
    dimensions,
    model,
    async embed(texts) {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        vectors.push(...(await embedBatch(texts.slice(i, i + batchSize))));
      }
      return vectors;
    },
  };
}

function parseVectors(body: EmbeddingsResponse, expected: number, dimensions: number): number[][] {
  const data = Array.isArray(body?.data) ? body.data : undefined;
  if (!data || data.length !== expected) {
    throw new EmbeddingsError(`embeddings endpoint returned ${data?.length ?? 'no'} vectors for ${expected} inputs`);
  }
  const vectors: number[][] = new Array(expected);
  data.forEach((item, position) => {
    const index = typeof item.index === 'number' ? item.index : position;
    const vector = item.embedding;
    if (!Array.isArray(vector) || vector.length !== dimensions || !vector.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw new EmbeddingsError(
        `embeddings endpoint returned a vector of ${Array.isArray(vector) ? vector.length : 'no'} numbers; expected ${dimensions}`,
      );
    }
    vectors[index] = vector as number[];
  });
  if (vectors.some((v) => !v)) throw new EmbeddingsError('embeddings endpoint returned duplicate indexes');
  return vectors;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
