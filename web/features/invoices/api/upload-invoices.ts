import { uploadInvoicesResponse, type UploadInvoicesResult } from '@contract/invoices';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';

const INVALID_RESPONSE_MESSAGE = 'Invalid response format';

/** The server answered, but not with a results list. */
export class InvalidResponseError extends Error {
  constructor() {
    super(INVALID_RESPONSE_MESSAGE);
    this.name = 'InvalidResponseError';
  }
}

/** POST /api/upload-invoices (multipart: files, at most 10 PDFs): one result per file. */
async function uploadInvoices(files: File[]): Promise<UploadInvoicesResult[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const parsed = uploadInvoicesResponse.safeParse(await apiUpload<unknown>('/api/upload-invoices', form));
  if (!parsed.success) throw new InvalidResponseError();
  return parsed.data.results;
}

export function useUploadInvoices() {
  return useMutation({ mutationFn: uploadInvoices });
}
