import type { ParsedInvoice } from '@contract/invoices';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/handle-error';
import { useUploadInvoice } from '../api/upload-invoice';
import { withoutFileName } from '../lib/batch';
import { isPdfFile } from '../lib/format';

/** Sending the files fills the bar to 50%; the last answer takes it to 100% (docs/product-rules.md, Invoices). */
const SENT_SHARE = 50;

/** The dialog's upload: one POST /api/upload-invoice per PDF, in turn, with one progress bar. */
export function useInvoiceUploads() {
  const upload = useUploadInvoice();
  const [progress, setProgress] = useState<number | null>(null);

  /** Resolves with every invoice read from the files that went through; toasts the outcome. */
  const uploadFiles = async (picked: File[]): Promise<ParsedInvoice[]> => {
    const files = picked.filter(isPdfFile);
    const refused = picked.filter((file) => !isPdfFile(file));
    if (refused.length > 0) {
      toast({
        variant: 'destructive',
        title: 'Invalid file type',
        description: `Only PDF files can be processed: ${refused.map((file) => file.name).join(', ')}`,
      });
    }
    if (files.length === 0) return [];

    const invoices: ParsedInvoice[] = [];
    const failures: string[] = [];
    setProgress(0);
    for (const [index, file] of files.entries()) {
      try {
        const parsed = await upload.mutateAsync({
          file,
          onProgress: ({ loaded, total }) => setProgress(Math.round(((index + (total > 0 ? loaded / total : 0)) / files.length) * SENT_SHARE)),
        });
        invoices.push(...parsed);
      } catch (err) {
        console.error(err);
        failures.push(`Failed to upload ${file.name}: ${withoutFileName(serverMessage(err), file.name) || 'Unknown error occurred'}`);
      }
      setProgress(Math.round(((index + 1) / files.length) * SENT_SHARE));
    }
    setProgress(100);

    // One toast shows at a time: a failure matters more than the count of what went through.
    if (failures.length > 0) toast({ variant: 'destructive', title: 'Upload failed', description: failures.join('\n') });
    else toast({ title: 'Upload successful', description: `Processed ${invoices.length} invoice(s)` });
    setProgress(null);
    return invoices;
  };

  return { uploadFiles, progress, uploading: progress !== null };
}
