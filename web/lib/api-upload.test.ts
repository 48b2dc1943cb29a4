import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, lastXhr } from '@/test/fake-xhr';
import { ApiError, apiUpload, setAccessTokenGetter } from './api-client';

async function sent() {
  await vi.waitFor(() => lastXhr());
  return lastXhr();
}

describe('apiUpload', () => {
  let unregister: () => void = () => {};

  beforeEach(() => {
    installFakeXhr();
    unregister = setAccessTokenGetter(null);
  });
  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
  });

  it('POSTs the form with the bearer token and credentials, and decodes the JSON answer', async () => {
    unregister = setAccessTokenGetter(async () => 'token-123');
    const form = new FormData();
    form.append('purpose', 'analyze');
    const result = apiUpload<{ files: unknown[] }>('/api/upload', form);

    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload');
    expect(xhr.headers.Authorization).toBe('Bearer token-123');
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body).toBe(form);

    xhr.respond(200, '{"files":[]}');
    await expect(result).resolves.toEqual({ files: [] });
  });

  it('sends no Authorization header without a token', async () => {
    void apiUpload('/api/upload', new FormData());
    const xhr = await sent();
    expect(xhr.headers.Authorization).toBeUndefined();
    xhr.respond(200, '');
  });

  it('reports upload progress as bytes sent of the total', async () => {
    const onProgress = vi.fn();
    const result = apiUpload('/api/upload', new FormData(), onProgress);
    const xhr = await sent();

    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, 'null');

    await expect(result).resolves.toBeNull();
    expect(onProgress.mock.calls.map(([progress]) => progress)).toEqual([
      { loaded: 25, total: 100 },
      { loaded: 100, total: 100 },
    ]);
  });

  it("throws ApiError 'status: body' with the server's message on a non-OK answer", async () => {
    const result = apiUpload('/api/upload', new FormData()).catch((err: unknown) => err);
    (await sent()).respond(415, '{"error":{"code":"UNSUPPORTED_FILE","message":"Old .doc files are not supported."}}', 'Unsupported Media Type');

    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(415);
    expect(error.statusText).toBe('Unsupported Media Type');
    expect(error.message).toBe('415: {"error":{"code":"UNSUPPORTED_FILE","message":"Old .doc files are not supported."}}');
    expect(error.code).toBe('UNSUPPORTED_FILE');
    expect(error.displayMessage).toBe('Old .doc files are not supported.');
  });

  it('falls back to the status text when the body is empty', async () => {
    const result = apiUpload('/api/upload', new FormData()).catch((err: unknown) => err);
    (await sent()).respond(502, '', 'Bad Gateway');
    expect(((await result) as ApiError).message).toBe('502: Bad Gateway');
  });

  it('rejects with a TypeError on a network failure', async () => {
    const failed = apiUpload('/api/upload', new FormData());
    (await sent()).failNetwork();
    await expect(failed).rejects.toThrow(TypeError);
  });

  it('aborts the request when the signal fires', async () => {
    const controller = new AbortController();
    const aborted = apiUpload('/api/upload', new FormData(), undefined, controller.signal);
    const xhr = await sent();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });
});
