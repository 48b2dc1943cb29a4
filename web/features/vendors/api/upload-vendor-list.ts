import { vendorUploadResponse, type VendorUploadResponse } from '@contract/vendors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { getVendorsQueryOptions } from './get-vendors';

/** POST /api/upload-vendor-list (multipart: file). */
async function uploadVendorList(file: File): Promise<VendorUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return vendorUploadResponse.parse(await apiUpload<unknown>('/api/upload-vendor-list', form));
}

export function useUploadVendorList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVendorList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getVendorsQueryOptions().queryKey }),
  });
}
