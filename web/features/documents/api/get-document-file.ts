import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** content: the original bytes for inline display; preview: a PDF's first-page image. */
export type DocumentFileView = 'content' | 'preview';

/**
 * GET /api/documents/{id}/{view} as a blob. Through the api client, not an <img src>, so the
 * bearer token goes with it.
 */
async function getDocumentFile(id: string, view: DocumentFileView): Promise<Blob> {
  const response = await apiRequest('GET', `/api/documents/${encodeURIComponent(id)}/${view}`);
  return response.blob();
}

function getDocumentFileQueryOptions(id: string, view: DocumentFileView) {
  return queryOptions({ queryKey: ['/api/documents', id, view] as const, queryFn: () => getDocumentFile(id, view) });
}

export function useDocumentFile(id: string, view: DocumentFileView, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getDocumentFileQueryOptions(id, view), enabled });
}
