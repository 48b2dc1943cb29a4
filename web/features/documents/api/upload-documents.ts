import { uploadResponse, type UploadPurpose, type UploadResponse } from '@contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/lib/api-client';
import { getDocumentsQueryOptions } from './get-documents';

type UploadDocumentsInput = {
  files: File[];
  sessionId?: number;
  purpose: UploadPurpose;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** POST /api/upload as multipart: sessionId and purpose first, so the server reads them before the files. */
async function uploadDocuments({ files, sessionId, purpose, onProgress, signal }: UploadDocumentsInput): Promise<UploadResponse> {
  const form = new FormData();
  if (sessionId !== undefined) form.append('sessionId', String(sessionId));
  form.append('purpose', purpose);
  for (const file of files) form.append('files', file, file.name);
  return uploadResponse.parse(await apiUpload<unknown>('/api/upload', form, onProgress, signal));
}

export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getDocumentsQueryOptions().queryKey }),
  });
}
