import type { UploadInvoicesResult } from '@contract/invoices';
import { useMemo, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useConfirmInvoices } from '../api/confirm-invoices';
import { downloadInvoiceFile } from '../api/download-invoice-file';
import { InvalidResponseError, useUploadInvoices } from '../api/upload-invoices';
import { batchMappings, changeBatchEdit, summarizeBatch, uploadCompleteText, type BatchEdits } from '../lib/batch';
import { withServerMessage } from '../lib/format';
import { InvoiceBatchPreview } from './invoice-batch-preview';
import { InvoiceBatchUpload } from './invoice-batch-upload';
import { InvoiceConfirmationGrid } from './invoice-confirmation-grid';

type Step = 'upload' | 'preview' | 'grid';

const IMPORT_FILE_FALLBACK_NAME = 'vve-import.xlsx';

/** The full-page flow: upload, preview, confirmation grid, then start over (docs/product-rules.md, Invoices). */
export function InvoiceBatchFlow() {
  const [step, setStep] = useState<Step>('upload');
  const [files, setFiles] = useState<File[]>([]);
  const [results, setResults] = useState<UploadInvoicesResult[]>([]);
  const [edits, setEdits] = useState<BatchEdits>({});
  const upload = useUploadInvoices();
  const confirm = useConfirmInvoices();
  const summary = useMemo(() => summarizeBatch(results), [results]);

  const reset = () => {
    setStep('upload');
    setFiles([]);
    setResults([]);
    setEdits({});
  };

  const process = async () => {
    try {
      const answer = await upload.mutateAsync(files);
      const next = summarizeBatch(answer);
      setResults(answer);
      setEdits({});
      toast({ title: 'Upload Complete', description: uploadCompleteText(next) });
      setStep(next.succeeded.length > 0 ? 'preview' : 'grid');
    } catch (err) {
      console.error(err);
      const description = err instanceof InvalidResponseError ? err.message : withServerMessage('Failed to process invoices', err);
      toast({ variant: 'destructive', title: 'Error', description });
    }
  };

  const confirmAll = async () => {
    try {
      const answer = await confirm.mutateAsync({
        invoices: summary.invoices,
        mappings: batchMappings(summary.invoices, edits),
        invoice_total_only: false,
      });
      if (!answer.success) {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: answer.error ? `Failed to confirm invoices: ${answer.error}` : 'Failed to confirm invoices',
        });
        return;
      }
      toast({ title: 'Success', description: `Successfully processed ${answer.processed_count} invoice(s)` });
      if (answer.download_url) {
        // A failed download is only logged (docs/product-rules.md, Invoices).
        await downloadInvoiceFile(answer.download_url, answer.filename ?? IMPORT_FILE_FALLBACK_NAME).catch((err: unknown) =>
          console.error('Download failed', err),
        );
      }
      reset();
    } catch (err) {
      console.error(err);
      toast({ variant: 'destructive', title: 'Error', description: withServerMessage('Failed to confirm invoices', err) });
    }
  };

  if (step === 'preview') return <InvoiceBatchPreview results={summary.succeeded} failed={summary.failed} onContinue={() => setStep('grid')} />;
  if (step === 'grid') {
    return (
      <InvoiceConfirmationGrid
        summary={summary}
        edits={edits}
        onEdit={(invoice, change) => setEdits((previous) => changeBatchEdit(previous, invoice, change))}
        confirming={confirm.isPending}
        onCancel={() => (summary.succeeded.length > 0 ? setStep('preview') : reset())}
        onConfirm={() => void confirmAll()}
      />
    );
  }
  return <InvoiceBatchUpload files={files} onFilesChange={setFiles} processing={upload.isPending} onProcess={() => void process()} />;
}
