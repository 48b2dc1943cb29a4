import { deleteDocumentResponse } from '@contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { documentQueryKey } from './get-document';
import { getDocumentsQueryOptions } from './get-documents';

/** DELETE /api/documents/{id}. */
async function deleteDocument(id: string): Promise<void> {
  deleteDocumentResponse.parse(await apiFetch<unknown>('DELETE', `/api/documents/${encodeURIComponent(id)}`));
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: documentQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: getDocumentsQueryOptions().queryKey });
    },
  });
}
