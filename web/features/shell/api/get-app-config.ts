import { appConfigResponse, type AppConfigResponse } from '@contract/app';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const appConfigQueryKey = ['/api/app/config'] as const;

/** GET /api/app/config (public): support address, company name, whether a model answers. */
async function getAppConfig(): Promise<AppConfigResponse> {
  return appConfigResponse.parse(await apiFetch<unknown>('GET', '/api/app/config'));
}

function getAppConfigQueryOptions() {
  return queryOptions({ queryKey: appConfigQueryKey, queryFn: getAppConfig });
}

export function useAppConfig() {
  return useQuery(getAppConfigQueryOptions());
}
