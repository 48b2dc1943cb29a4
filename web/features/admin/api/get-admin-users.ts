import { adminUserList, type AdminUserList } from '@contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

/** GET /api/admin/users: every account (administrators only; 403 for anyone else). */
async function getAdminUsers(): Promise<AdminUserList> {
  return adminUserList.parse(await apiFetch<unknown>('GET', '/api/admin/users'));
}

function getAdminUsersQueryOptions() {
  return queryOptions({ queryKey: adminUsersQueryKey, queryFn: getAdminUsers });
}

export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions());
}
