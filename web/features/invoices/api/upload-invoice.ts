import { uploadInvoiceResponse, type ParsedInvoice } from '@contract/invoices';
import { useMutation } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/lib/api-client';

type UploadInvoiceInput = { file: File; onProgress?: (progress: UploadProgress) => void };

/** POST /api/upload-invoice (multipart: file): one PDF may hold several invoices. */
async function uploadInvoice({ file, onProgress }: UploadInvoiceInput): Promise<ParsedInvoice[]> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadInvoiceResponse.parse(await apiUpload<unknown>('/api/upload-invoice', form, onProgress)).parsed_invoice;
}

export function useUploadInvoice() {
  return useMutation({ mutationFn: uploadInvoice });
}
