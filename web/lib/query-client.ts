import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/**
 * The default data load: the query key parts joined with '/' are the URL of a GET, so a
 * key names what it caches. Any failure, a 401 included, throws an ApiError.
 */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiFetch('GET', queryKey.map(String).join('/'));

/** Nothing refetches on its own: mutations invalidate what they change (docs/product-rules.md, Data loading). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
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
