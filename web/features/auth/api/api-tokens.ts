import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '@contract/tokens';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { handleError } from '@/lib/handle-error';

const getApiTokens = () => apiFetch<ApiToken[]>('GET', '/api/tokens');
const createApiToken = (input: CreateApiTokenInput) => apiFetch<CreatedApiToken>('POST', '/api/tokens', input);
const revokeApiToken = (id: string) => apiFetch<null>('DELETE', `/api/tokens/${encodeURIComponent(id)}`);

function getApiTokensQueryOptions() {
  return queryOptions({ queryKey: ['/api/tokens'] as const, queryFn: getApiTokens });
}

export function useApiTokens(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getApiTokensQueryOptions(), ...options });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions().queryKey }),
    onError: (err) => handleError(err, 'Could not create the token'),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions().queryKey }),
    onError: (err) => handleError(err, 'Could not revoke the token'),
  });
}
