import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assertSameOrigin } from '../lib/same-origin';

/** GET /api/invoices/{id}/preview: the PNG of page 1. */
export function invoicePreviewPath(id: string): string {
  return `/api/invoices/${encodeURIComponent(id)}/preview`;
}

/**
 * An invoice page image (a parsed invoice's image_path or the preview path) as a blob, through
 * the api client rather than an <img src>, so the bearer token goes with it.
 */
async function getInvoiceImage(path: string): Promise<Blob> {
  const response = await apiRequest('GET', assertSameOrigin(path));
  return response.blob();
}

function getInvoiceImageQueryOptions(path: string) {
  return queryOptions({ queryKey: ['invoice-image', path] as const, queryFn: () => getInvoiceImage(path) });
}

export function useInvoiceImage(path: string | null) {
  return useQuery({ ...getInvoiceImageQueryOptions(path ?? ''), enabled: path !== null });
}
