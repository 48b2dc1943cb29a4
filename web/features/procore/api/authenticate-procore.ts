import { procoreAuthenticateResponse, type ProcoreAuthenticateResponse } from '@contract/procore';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { getProcoreCompaniesQueryOptions } from './get-procore-companies';
import { getProcoreStatusQueryOptions } from './get-procore-status';

type AuthenticateProcoreInput = { code: string; state: string };

/** POST /api/procore/authenticate: the server exchanges the code; tokens never reach the browser. */
async function authenticateProcore(input: AuthenticateProcoreInput): Promise<ProcoreAuthenticateResponse> {
  return procoreAuthenticateResponse.parse(await apiFetch<unknown>('POST', '/api/procore/authenticate', input));
}

/** Connecting, disconnecting or switching company changes what the status and company list say. */
export function invalidateProcoreConnection(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getProcoreStatusQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: getProcoreCompaniesQueryOptions().queryKey }),
  ]).then(() => undefined);
}

export function useAuthenticateProcore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authenticateProcore,
    onSuccess: () => invalidateProcoreConnection(queryClient),
  });
}
