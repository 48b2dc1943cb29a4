import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/**
 * The default data load: the query key parts joined with '/' are the URL of a GET
 * (spec part 1, section 7). Any failure, a 401 included, throws an ApiError.
 */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiFetch('GET', queryKey.map(String).join('/'));

/** Data caching constants of spec part 1, section 9. */
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
