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
 * call's download_url), fetched with the bearer token and saved under the name the server gives
 * it (the import's date and invoice count are in it), else under `fallbackName`.
 */
export async function downloadInvoiceFile(path: string, fallbackName: string): Promise<void> {
  const response = await apiRequest('GET', assertSameOrigin(path));
  saveBlob(await response.blob(), attachmentName(response.headers.get('content-disposition')) ?? fallbackName);
}

/** The UTF-8 name of a Content-Disposition header (RFC 6266 filename*), else its plain filename. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain?.[1] || null;
}

/** A failed download is only logged to the console (docs/product-rules.md, Invoices). */
export function useDownloadInvoiceFile() {
  return useMutation({
    mutationFn: ({ path, filename }: { path: string; filename: string }) => downloadInvoiceFile(path, filename),
    onError: (err) => console.error('Download failed', err),
  });
}
