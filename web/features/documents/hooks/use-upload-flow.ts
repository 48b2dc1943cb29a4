import type { UploadPurpose } from '@contract/documents';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/handle-error';
import { useUploadDocuments } from '../api/upload-documents';
import { uploadSummaryToast } from '../lib/upload-summary';
import { useSelectedFiles } from './use-selected-files';

/** The bar follows the bytes sent up to 90%; 100% only once the server has answered (docs/product-rules.md, Uploads). */
const SENT_PROGRESS_CAP = 90;
/** Long enough to see 100% before the bar and the list reset (docs/product-rules.md, Uploads). */
const RESET_DELAY_MS = 500;

function failureStatus(err: unknown): string {
  if (err instanceof ApiError) return err.statusText || String(err.status);
  if (err instanceof Error && err.message) return err.message;
  return 'Unknown error';
}

/** The upload panel's purpose, chosen files, progress and failure, and the upload that sends them. */
export function useUploadFlow(sessionId: number | undefined) {
  const [purpose, setPurpose] = useState<UploadPurpose>('analyze');
  const { files, add, remove, clear } = useSelectedFiles();
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const upload = useUploadDocuments();
  const busy = upload.isPending || progress > 0;

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const addFiles = (incoming: File[]) => {
    if (busy) return;
    setFailure(null);
    add(incoming);
  };

  const startUpload = async () => {
    if (files.length === 0) {
      toast({ title: 'No files selected', description: 'Please select files to upload.' });
      return;
    }
    setFailure(null);
    try {
      const result = await upload.mutateAsync({
        files: files.map((entry) => entry.file),
        sessionId,
        purpose,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * SENT_PROGRESS_CAP) : 0),
      });
      setProgress(100);
      // A 200 means at least one file was stored; the ones refused are listed with their reasons.
      toast(uploadSummaryToast(result));
      resetTimer.current = setTimeout(() => {
        setProgress(0);
        clear();
      }, RESET_DELAY_MS);
    } catch (err) {
      console.error(err);
      setProgress(0);
      setFailure(`Upload failed: ${failureStatus(err)}`);
      toast({ variant: 'destructive', title: 'Upload failed', description: serverMessage(err) ?? 'Failed to upload files. Please try again.' });
    }
  };

  return { purpose, setPurpose, files, remove, progress, failure, busy, addFiles, startUpload };
}
