import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { assertSameOrigin } from '../lib/same-origin';

/** GET /api/invoices/{id}/download: the invoice PDF. */
export function invoiceDownloadPath(id: string): string {
  return `/api/invoices/${encodeURIComponent(id)}/download`;
}

/**
 * Any same-origin file KAI hands out by path (the invoice PDF, the import workbook at a confirm
 * call's download_url), fetched with the bearer token and saved under the given name.
 */
export async function downloadInvoiceFile(path: string, filename: string): Promise<void> {
  const response = await apiRequest('GET', assertSameOrigin(path));
  saveBlob(await response.blob(), filename);
}

/** A failed download is only logged to the console (docs/product-rules.md, Invoices). */
export function useDownloadInvoiceFile() {
  return useMutation({
    mutationFn: ({ path, filename }: { path: string; filename: string }) => downloadInvoiceFile(path, filename),
    onError: (err) => console.error('Download failed', err),
  });
}
