import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

describe('default query function', () => {
  it('joins the query key parts with "/" into the GET URL', async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    await createQueryClient().fetchQuery({ queryKey: ['/api/chat', 1, 'messages'] });

    expect(fetchMock.mock.calls[0][0]).toBe('/api/chat/1/messages');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
  });

  it('throws an ApiError on 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401, statusText: 'Unauthorized' })),
    );

    const error = await createQueryClient()
      .fetchQuery({ queryKey: ['/api/other'] })
      .catch((err: unknown) => err);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: '401: Unauthorized' });
  });

  it('never goes stale and never retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
