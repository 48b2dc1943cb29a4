import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getInvoicesQueryOptions } from './get-invoices';

/** DELETE /api/invoices/{id}: discards a pending invoice (409 once it is confirmed). */
async function deleteInvoice(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/invoices/${encodeURIComponent(id)}`);
}

/** The list is read again after a failure too: a 409 or 404 means it no longer shows the truth. */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getInvoicesQueryOptions().queryKey }),
  });
}
