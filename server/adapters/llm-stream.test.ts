import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { retryDelay } from './llm-stream';

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
