import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api-client';

export type On401Behavior = 'throw' | 'returnNull';

/**
 * The default data load: the query key parts joined with '/' are the URL of a GET
 * (spec part 1, section 7). A 401 throws, or yields null where so configured.
 */
export function getQueryFn<T>({ on401 }: { on401: On401Behavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const url = queryKey.map(String).join('/');
    try {
      return await apiFetch<T>('GET', url);
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

/** Data caching constants of spec part 1, section 9. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
