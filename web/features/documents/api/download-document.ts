import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/** GET /api/documents/{id}/download: the original file as a blob. */
async function downloadDocument(id: string): Promise<Blob> {
  const response = await apiRequest('GET', `/api/documents/${encodeURIComponent(id)}/download`);
  return response.blob();
}

/** A failed download is only logged to the console (docs/product-rules.md, Uploads). */
export function useDownloadDocument() {
  return useMutation({
    mutationFn: async ({ id, filename }: { id: string; filename: string }) => saveBlob(await downloadDocument(id), filename),
    onError: (err) => console.error('Download failed', err),
  });
}
