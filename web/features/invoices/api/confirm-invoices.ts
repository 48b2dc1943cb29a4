import { confirmInvoicesResponse, type ConfirmInvoicesInput, type ConfirmInvoicesResponse } from '@contract/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { getInvoicesQueryOptions } from './get-invoices';

/** POST /api/confirm-invoices: the full-page flow confirms its whole batch at once. */
async function confirmInvoices(input: ConfirmInvoicesInput): Promise<ConfirmInvoicesResponse> {
  return confirmInvoicesResponse.parse(await apiFetch<unknown>('POST', '/api/confirm-invoices', input));
}

export function useConfirmInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmInvoices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getInvoicesQueryOptions().queryKey }),
  });
}
