import { invoiceDto, type InvoiceDto } from '@contract/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const invoiceList = z.array(invoiceDto);

const invoicesQueryKey = ['/api/invoices'] as const;

/** GET /api/invoices: the signed-in user's processed invoices. */
async function getInvoices(): Promise<InvoiceDto[]> {
  return invoiceList.parse(await apiFetch<unknown>('GET', '/api/invoices'));
}

export function getInvoicesQueryOptions() {
  return queryOptions({ queryKey: invoicesQueryKey, queryFn: getInvoices });
}

/** Fetched again whenever the Invoices tab opens. */
export function useInvoices() {
  return useQuery({ ...getInvoicesQueryOptions(), refetchOnMount: 'always' });
}
