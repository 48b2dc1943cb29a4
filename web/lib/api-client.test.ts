import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiRequest, apiStream, setAccessTokenGetter } from './api-client';

type FetchCall = [string, RequestInit];

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (..._args: FetchCall) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Record<string, string> {
  return fetchMock.mock.calls[0][1].headers as Record<string, string>;
}

describe('apiRequest', () => {
  let unregister: () => void = () => {};

  beforeEach(() => {
    unregister = setAccessTokenGetter(null);
  });
  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds the bearer token from the registered getter and includes credentials', async () => {
    unregister = setAccessTokenGetter(async () => 'token-123');
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));

    await apiRequest('GET', '/api/user/current');

    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer token-123');
    expect(fetchMock.mock.calls[0][1].credentials).toBe('include');
  });

  it('sends no Authorization header without a registered getter', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/user/current');
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
  });

  it('warns and sends the request without the header when the getter fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    unregister = setAccessTokenGetter(() => {
      throw new Error('login_required');
    });
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));

    await apiRequest('GET', '/api/user/current');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('sends a JSON body only when one is given', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/user/sync', { auth0Id: 'abc' });
    await apiRequest('DELETE', '/api/chat/1/messages');

    const [withBody, withoutBody] = fetchMock.mock.calls.map((call) => call[1]);
    expect(withBody.body).toBe('{"auth0Id":"abc"}');
    expect((withBody.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(withBody.method).toBe('POST');
    expect(withoutBody.body).toBeUndefined();
    expect((withoutBody.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("throws ApiError with the message 'status: body'", async () => {
    stubFetch(new Response('Vendor not found', { status: 404, statusText: 'Not Found' }));
    const error = await apiRequest('GET', '/api/vendors/9').catch((err: unknown) => err);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: Vendor not found');
    expect((error as ApiError).status).toBe(404);
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps the code and readable message of a structured server error', async () => {
    const body = JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Sign in again' } });
    stubFetch(new Response(body, { status: 401, statusText: 'Unauthorized' }));
    const error = (await apiRequest('GET', '/api/user/current').catch((err: unknown) => err)) as ApiError;

    expect(error.message).toBe(`401: ${body}`);
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.displayMessage).toBe('Sign in again');
  });

  it('apiFetch decodes the JSON answer', async () => {
    stubFetch(new Response(JSON.stringify({ sessionId: 1 }), { status: 200 }));
    await expect(apiFetch('POST', '/api/chat', { message: 'hi' })).resolves.toEqual({ sessionId: 1 });
  });
});

describe('apiStream', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for an event stream with the same token logic and passes the abort signal', async () => {
    const unregister = setAccessTokenGetter(() => 'token-456');
    const fetchMock = stubFetch(new Response('event: token\ndata: {}\n\n', { status: 200 }));
    const controller = new AbortController();

    await apiStream('POST', '/api/chat', { message: 'hi' }, controller.signal);
    unregister();

    const init = fetchMock.mock.calls[0][1];
    expect(sentHeaders(fetchMock)).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer token-456' });
    expect(init.credentials).toBe('include');
    expect(init.signal).toBe(controller.signal);
  });

  it('throws the JSON error of a refused request before any stream starts', async () => {
    const body = JSON.stringify({ error: { code: 'BUDGET_EXHAUSTED', message: 'Daily budget spent' } });
    stubFetch(new Response(body, { status: 429, statusText: 'Too Many Requests' }));
    const error = (await apiStream('POST', '/api/chat', { message: 'hi' }).catch((err: unknown) => err)) as ApiError;
    expect(error.message).toBe(`429: ${body}`);
    expect(error.displayMessage).toBe('Daily budget spent');
  });
});
