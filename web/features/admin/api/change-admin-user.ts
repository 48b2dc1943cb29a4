import { adminUserResult, type AddUserInput, type AdminUserResult } from '@contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** What an administrator can do to one account; `invite` resets the password with an invitation link. */
export type AccountAction = 'disable' | 'enable' | 'reset-password' | 'invite' | 'make-admin' | 'remove-admin';

/** POST /api/admin/users: a new account; its one-time password or invitation link comes back once. */
async function addAdminUser(input: AddUserInput): Promise<AdminUserResult> {
  return adminUserResult.parse(await apiFetch<unknown>('POST', '/api/admin/users', input));
}

async function changeAdminUser({ id, action }: { id: string; action: AccountAction }): Promise<AdminUserResult> {
  const base = `/api/admin/users/${encodeURIComponent(id)}`;
  const answer =
    action === 'make-admin' || action === 'remove-admin'
      ? await apiFetch<unknown>('PUT', `${base}/role`, { role: action === 'make-admin' ? 'admin' : 'user' })
      : await apiFetch<unknown>('POST', `${base}/${action}`);
  return adminUserResult.parse(answer);
}

export function useAddAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAdminUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }) });
}

export function useChangeAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeAdminUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }) });
}
