import { documentDto, type DocumentDto } from '@contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const documentList = z.array(documentDto);

/** Extraction finishes on the server, so the open panel polls every 10 s (docs/product-rules.md, Uploads). */
const DOCUMENTS_POLL_INTERVAL_MS = 10_000;

const documentsQueryKey = ['/api/documents'] as const;

/** GET /api/documents: the signed-in user's documents. */
async function getDocuments(): Promise<DocumentDto[]> {
  return documentList.parse(await apiFetch<unknown>('GET', '/api/documents'));
}

export function getDocumentsQueryOptions() {
  return queryOptions({ queryKey: documentsQueryKey, queryFn: getDocuments });
}

/** For the open panel only: fetched again on every mount (panel open) and then polled. */
export function useDocuments() {
  return useQuery({ ...getDocumentsQueryOptions(), refetchOnMount: 'always', refetchInterval: DOCUMENTS_POLL_INTERVAL_MS });
}
