import { revokedApiTokens, type RevokedApiTokens } from '@contract/admin';
import { apiTokenList, type ApiToken } from '@contract/tokens';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { handleError } from '@/lib/handle-error';

const tokensUrl = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/tokens`;

/** GET /api/admin/users/:id/tokens: one user's personal API tokens, never their secrets. */
async function getAdminUserTokens(userId: string): Promise<ApiToken[]> {
  return apiTokenList.parse(await apiFetch<unknown>('GET', tokensUrl(userId)));
}

const revokeAdminUserToken = ({ userId, tokenId }: { userId: string; tokenId: string }) =>
  apiFetch<null>('DELETE', `${tokensUrl(userId)}/${encodeURIComponent(tokenId)}`);

async function revokeAllAdminUserTokens(userId: string): Promise<RevokedApiTokens> {
  return revokedApiTokens.parse(await apiFetch<unknown>('DELETE', tokensUrl(userId)));
}

function getAdminUserTokensQueryOptions(userId: string) {
  return queryOptions({ queryKey: [tokensUrl(userId)] as const, queryFn: () => getAdminUserTokens(userId) });
}

export function useAdminUserTokens(userId: string) {
  return useQuery(getAdminUserTokensQueryOptions(userId));
}

export function useRevokeAdminUserToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAdminUserToken,
    onSuccess: (_answer, { userId }) => queryClient.invalidateQueries({ queryKey: getAdminUserTokensQueryOptions(userId).queryKey }),
    onError: (err) => handleError(err, 'Could not revoke the token'),
  });
}

export function useRevokeAllAdminUserTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllAdminUserTokens,
    onSuccess: (_answer, userId) => queryClient.invalidateQueries({ queryKey: getAdminUserTokensQueryOptions(userId).queryKey }),
    onError: (err) => handleError(err, 'Could not revoke the tokens'),
  });
}
