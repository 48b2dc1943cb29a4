import { documentWithContent, type DocumentWithContent } from '@contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function documentQueryKey(id: string) {
  return ['/api/document', id] as const;
}

/** GET /api/document/{id}: the document with its extracted text (null until ready). */
async function getDocument(id: string): Promise<DocumentWithContent> {
  return documentWithContent.parse(await apiFetch<unknown>('GET', `/api/document/${encodeURIComponent(id)}`));
}

function getDocumentQueryOptions(id: string) {
  return queryOptions({ queryKey: documentQueryKey(id), queryFn: () => getDocument(id) });
}

const EXTRACTION_POLL_INTERVAL_MS = 5_000;

/**
 * Fetched again each time a preview opens, and every few seconds while the text is still
 * being extracted, so 'still processing' gives way to the content without reopening.
 */
export function useDocument(id: string | null) {
  return useQuery({
    ...getDocumentQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchOnMount: 'always',
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'extracting' ? EXTRACTION_POLL_INTERVAL_MS : false;
    },
  });
}
