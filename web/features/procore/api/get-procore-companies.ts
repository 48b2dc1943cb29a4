import { procoreCompaniesResponse, type ProcoreCompany } from '@contract/procore';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const procoreCompaniesQueryKey = ['/api/procore/companies'] as const;

/** GET /api/procore/companies: the companies the connected user may see. */
async function getProcoreCompanies(): Promise<ProcoreCompany[]> {
  return procoreCompaniesResponse.parse(await apiFetch<unknown>('GET', '/api/procore/companies'));
}

export function getProcoreCompaniesQueryOptions() {
  return queryOptions({ queryKey: procoreCompaniesQueryKey, queryFn: getProcoreCompanies });
}

export function useProcoreCompanies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProcoreCompaniesQueryOptions(), enabled });
}
