import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../test/collect-garbage';
import { retryDelay, streamAnswer } from './llm-stream';

const refusal = (headers: Record<string, string>) =>
  new APICallError({
    message: 'busy',
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode: 429,
    responseHeaders: headers,
  });

describe('retry delay', () => {
  it('waits as long as the server asks, in milliseconds, in seconds or until a date', () => {
    expect(retryDelay(refusal({ 'retry-after-ms': '1500' }), 2000)).toBe(1500);
    expect(retryDelay(refusal({ 'retry-after': '3' }), 2000)).toBe(3000);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryDelay(refusal({ 'retry-after': inTenSeconds }), 2000)).toBeGreaterThan(8000);
    expect(retryDelay(refusal({ 'retry-after': inTenSeconds }), 2000)).toBeLessThanOrEqual(10_000);
  });

  it('backs off on its own when the server says nothing, asks for over a minute, or talks nonsense', () => {
    expect(retryDelay(refusal({}), 2000)).toBe(2000);
    expect(retryDelay(refusal({ 'retry-after': '3600' }), 4000)).toBe(4000);
    expect(retryDelay(refusal({ 'retry-after': 'soon' }), 2000)).toBe(2000);
    expect(retryDelay(refusal({ 'retry-after': '-5' }), 2000)).toBe(2000);
  });
});

/** A model that says a few words and then goes quiet, until its call is aborted (as fetch ends a body). */
function quietAfter(words: string): LanguageModelV3 {
  const doStream = (options: LanguageModelV3CallOptions) => {
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'text-delta', id: '0', delta: words });
        options.abortSignal?.addEventListener('abort', () => controller.error(options.abortSignal?.reason), { once: true });
      },
    });
    return Promise.resolve({ stream });
  };
  return {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'quiet',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('unused')),
    doStream,
  };
}

describe('streamAnswer', () => {
  it('gives up on a stream that goes quiet, at the time limit, even after a garbage collection', async () => {
    const streamed: string[] = [];
    const started = Date.now();
    const answer = streamAnswer({
      model: quietAfter('Open Release Retainage and '),
      system: 'test',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'How do I release retainage?' }] }],
      tools: [],
      maxSteps: 1,
      signal: new AbortController().signal,
      timeoutMs: 300,
      maxRetries: 0,
      onText: (delta) => streamed.push(delta),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    collectGarbage();
    await expect(answer).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(streamed.join('')).toBe('Open Release Retainage and ');
  });
});
