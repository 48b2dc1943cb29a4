import { parsedInvoice, type ParsedInvoice } from '@contract/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/invoices/{id}/parsed: a pending invoice as read, to reopen its review. */
async function getParsedInvoice(id: string): Promise<ParsedInvoice> {
  return parsedInvoice.parse(await apiFetch<unknown>('GET', `/api/invoices/${encodeURIComponent(id)}/parsed`));
}

function getParsedInvoiceQueryOptions(id: string) {
  return queryOptions({ queryKey: ['invoice-parsed', id] as const, queryFn: () => getParsedInvoice(id) });
}

/** A 404 (discarded, or not this user's) is an answer, not a hiccup: not retried; the page offers to try again. */
export function useParsedInvoice(id: string) {
  return useQuery({ ...getParsedInvoiceQueryOptions(id), retry: false });
}
