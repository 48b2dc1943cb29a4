import type { CurrentUser } from '@contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const currentUserQueryKey = ['/api/user/current'] as const;

function getCurrentUser(): Promise<CurrentUser> {
  return apiFetch<CurrentUser>('GET', '/api/user/current');
}

function getCurrentUserQueryOptions() {
  return queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });
}

export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCurrentUserQueryOptions(), ...options });
}
