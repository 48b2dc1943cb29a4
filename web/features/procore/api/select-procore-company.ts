import type { z } from 'zod';
import { selectProcoreCompanyInput } from '@contract/procore';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateProcoreConnection } from './authenticate-procore';

type SelectProcoreCompanyInput = z.infer<typeof selectProcoreCompanyInput>;

/** POST /api/procore/company: which company the chat's Procore source reads. */
async function selectProcoreCompany(input: SelectProcoreCompanyInput): Promise<void> {
  await apiFetch<unknown>('POST', '/api/procore/company', selectProcoreCompanyInput.parse(input));
}

export function useSelectProcoreCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: selectProcoreCompany, onSuccess: () => invalidateProcoreConnection(queryClient) });
}
