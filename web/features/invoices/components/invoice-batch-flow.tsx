import type { ConfirmInvoicesResponse, ParsedInvoice, UploadInvoicesResult } from '@contract/invoices';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useConfirmInvoices } from '../api/confirm-invoices';
import { downloadInvoiceFile } from '../api/download-invoice-file';
import { InvalidResponseError, useUploadInvoices } from '../api/upload-invoices';
import { changeBatchEdit, summarizeBatch, uploadCompleteText, type BatchEdits } from '../lib/batch';
import { batchConfirmInput, pendingInvoices, recordOutcome, type BatchOutcome } from '../lib/batch-confirm';
import { withServerMessage } from '../lib/format';
import { InvoiceBatchPreview } from './invoice-batch-preview';
import { InvoiceBatchResult } from './invoice-batch-result';
import { InvoiceBatchReview } from './invoice-batch-review';
import { InvoiceBatchUpload } from './invoice-batch-upload';
import { InvoiceConfirmationGrid } from './invoice-confirmation-grid';

type Step = 'upload' | 'preview' | 'grid';

const IMPORT_FILE_FALLBACK_NAME = 'vve-import.xlsx';

/** Says how a confirm that wrote something went: success only when nothing was skipped. */
function announce(answer: ConfirmInvoicesResponse, outcome: BatchOutcome) {
  if (outcome.skipped.length === 0) {
    toast({ title: 'Success', description: `Successfully processed ${answer.processed_count} invoice(s)` });
    return;
  }
  toast({
    title: 'Some invoices were not confirmed',
    description: `${answer.processed_count} invoice(s) processed, ${outcome.skipped.length} not confirmed: the page says why.`,
  });
}

type InvoiceBatchSessionProps = {
  /** An invoice reopened for review: the flow starts at the grid with it. */
  reviewing?: ParsedInvoice;
  onStartOver: () => void;
};

/** One pass of the full page: upload, preview, confirmation grid, result; skipped invoices stay in the grid to fix and retry. */
function InvoiceBatchSession({ reviewing, onStartOver }: InvoiceBatchSessionProps) {
  const [step, setStep] = useState<Step>(reviewing ? 'grid' : 'upload');
  const [files, setFiles] = useState<File[]>([]);
  const [results, setResults] = useState<UploadInvoicesResult[]>(() =>
    reviewing ? [{ success: true, filename: reviewing.source_filename, error: null, parsed_invoices: [reviewing] }] : [],
  );
  const [edits, setEdits] = useState<BatchEdits>({});
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const upload = useUploadInvoices();
  const confirm = useConfirmInvoices();
  const summary = useMemo(() => summarizeBatch(results), [results]);
  const pending = pendingInvoices(summary.invoices, outcome);

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

  // Only the invoices not yet written are sent: a retry confirms the skipped ones alone.
  const confirmPending = async () => {
    try {
      const answer = await confirm.mutateAsync(batchConfirmInput(pending, edits));
      const next = recordOutcome(outcome, answer);
      setOutcome(next);
      if (!answer.success) {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: answer.error ? `Failed to confirm invoices: ${answer.error}` : 'Failed to confirm invoices',
        });
        return;
      }
      announce(answer, next);
      if (answer.download_url) {
        // A failed download is only logged (docs/product-rules.md, Invoices); the result panel offers it again.
        await downloadInvoiceFile(answer.download_url, answer.filename ?? IMPORT_FILE_FALLBACK_NAME).catch((err: unknown) =>
          console.error('Download failed', err),
        );
      }
    } catch (err) {
      console.error(err);
      toast({ variant: 'destructive', title: 'Error', description: withServerMessage('Failed to confirm invoices', err) });
    }
  };

  if (step === 'preview') return <InvoiceBatchPreview results={summary.succeeded} failed={summary.failed} onContinue={() => setStep('grid')} />;
  if (step === 'upload') {
    return <InvoiceBatchUpload files={files} onFilesChange={setFiles} processing={upload.isPending} onProcess={() => void process()} />;
  }
  return (
    <div className="space-y-6">
      {outcome && (outcome.confirmed.length > 0 || pending.length === 0) && (
        <InvoiceBatchResult outcome={outcome} invoices={summary.invoices} onStartOver={onStartOver} />
      )}
      {(!outcome || pending.length > 0) && (
        <InvoiceConfirmationGrid
          summary={summary}
          invoices={pending}
          edits={edits}
          onEdit={(invoice, change) => setEdits((previous) => changeBatchEdit(previous, invoice, change))}
          skipped={outcome?.skipped ?? []}
          confirming={confirm.isPending}
          onCancel={() => (!reviewing && summary.succeeded.length > 0 ? setStep('preview') : onStartOver())}
          onConfirm={() => void confirmPending()}
        />
      )}
    </div>
  );
}

/** The full-page flow (docs/product-rules.md, Invoices); /invoice-processing?review=<id> opens it on one pending invoice. */
export function InvoiceBatchFlow() {
  const reviewId = new URLSearchParams(useSearch()).get('review');
  const [, navigate] = useLocation();
  // Starting over mounts a fresh session: nothing of the last batch lingers.
  const [round, setRound] = useState(0);
  const startOver = () => {
    if (reviewId) navigate(paths.invoiceProcessing);
    setRound((previous) => previous + 1);
  };
  if (reviewId) {
    return (
      <InvoiceBatchReview key={`${reviewId}-${round}`} invoiceId={reviewId} onStartOver={startOver}>
        {(invoice) => <InvoiceBatchSession reviewing={invoice} onStartOver={startOver} />}
      </InvoiceBatchReview>
    );
  }
  return <InvoiceBatchSession key={round} onStartOver={startOver} />;
}
