import { confirmInvoiceResponse, type ConfirmInvoiceInput, type ConfirmInvoiceResponse } from '@contract/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { getInvoicesQueryOptions } from './get-invoices';

/** POST /api/confirm-invoice: the last invoice of a session answers with the workbook to download. */
async function confirmInvoice(input: ConfirmInvoiceInput): Promise<ConfirmInvoiceResponse> {
  return confirmInvoiceResponse.parse(await apiFetch<unknown>('POST', '/api/confirm-invoice', input));
}

export function useConfirmInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getInvoicesQueryOptions().queryKey }),
  });
}
