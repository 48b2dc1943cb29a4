import { procoreStatus, type ProcoreStatus } from '@contract/procore';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const procoreStatusQueryKey = ['/api/procore/status'] as const;

/** GET /api/procore/status: whether Procore is set up on the server and connected for this user. */
async function getProcoreStatus(): Promise<ProcoreStatus> {
  return procoreStatus.parse(await apiFetch<unknown>('GET', '/api/procore/status'));
}

export function getProcoreStatusQueryOptions() {
  return queryOptions({ queryKey: procoreStatusQueryKey, queryFn: getProcoreStatus });
}

export function useProcoreStatus() {
  return useQuery(getProcoreStatusQueryOptions());
}
