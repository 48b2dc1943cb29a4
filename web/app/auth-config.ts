import { authConfigResponse, type AuthConfigResponse } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Runtime sign-in configuration from the server (public), fetched before the OIDC
 * client is created, so one build works against any identity provider.
 */
export const authConfigQueryKey = ['/api/auth/config'] as const;

async function getAuthConfig(): Promise<AuthConfigResponse> {
  return authConfigResponse.parse(await apiFetch<unknown>('GET', '/api/auth/config'));
}

function getAuthConfigQueryOptions() {
  return queryOptions({ queryKey: authConfigQueryKey, queryFn: getAuthConfig });
}

export function useAuthConfig() {
  return useQuery(getAuthConfigQueryOptions());
}
