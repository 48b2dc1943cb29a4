import type { ConfirmInvoiceResponse } from '@contract/invoices';
import { ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useConfirmInvoice } from '../api/confirm-invoice';
import { downloadInvoiceFile } from '../api/download-invoice-file';
import { useInvoiceReview } from '../hooks/use-invoice-review';
import { useInvoiceUploads } from '../hooks/use-invoice-uploads';
import { withServerMessage } from '../lib/format';
import { buildConfirmInput } from '../lib/invoice-edits';
import type { VendorOption } from '../lib/vendor-options';
import { ImportFileLinks } from './import-file-links';
import { InvoiceReviewStep } from './invoice-review-step';
import { InvoiceUploadStep } from './invoice-upload-step';

type InvoiceProcessingDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The vendor master, for the picker after the invoice's own candidates. */
  vendors: VendorOption[];
  /** A help control beside the title, composed by the app. */
  help?: ReactNode;
};

const IMPORT_FILE_FALLBACK_NAME = 'vve-import.xlsx';

/** The server's tie-out gate (decision 036) refused lines the review let through: say so plainly. */
function confirmFailureTitle(err: unknown): string {
  return err instanceof ApiError && err.code === 'lines_do_not_tie_out' ? 'Lines do not add up to the total' : 'Confirmation failed';
}

/** Mounted only while the dialog is open, so each opening starts a new session. */
function InvoiceProcessingBody({ vendors, onClose, help }: { vendors: VendorOption[]; onClose: () => void; help?: ReactNode }) {
  const [sessionId] = useState(() => crypto.randomUUID());
  const [adding, setAdding] = useState(false);
  /** The written import, once the last invoice is confirmed: offered in each format before closing. */
  const [written, setWritten] = useState<ConfirmInvoiceResponse | null>(null);
  const review = useInvoiceReview();
  const uploads = useInvoiceUploads();
  const confirmInvoice = useConfirmInvoice();
  const current = review.current;
  const reviewing = current !== null && !adding;

  const onFiles = async (files: File[]) => {
    const invoices = await uploads.uploadFiles(files);
    if (invoices.length > 0) {
      review.add(invoices);
      setAdding(false);
    }
  };

  const confirm = async () => {
    if (!current) return;
    const isLastInvoice = review.isLastOpen(current);
    try {
      const result = await confirmInvoice.mutateAsync(buildConfirmInput(current, review.editsOf(current), { sessionId, isLastInvoice }));
      toast({ title: 'Invoice confirmed', description: result.filename ? `VVE import file generated: ${result.filename}` : undefined });
      if (!isLastInvoice) {
        review.markConfirmed(current);
        return;
      }
      if (result.download_url) {
        // A failed download is only logged (docs/product-rules.md, Invoices).
        await downloadInvoiceFile(result.download_url, result.filename ?? IMPORT_FILE_FALLBACK_NAME).catch((err: unknown) =>
          console.error('Download failed', err),
        );
      }
      setWritten(result);
    } catch (err) {
      console.error(err);
      toast({ variant: 'destructive', title: confirmFailureTitle(err), description: withServerMessage('Failed to confirm invoice', err) });
    }
  };

  if (written) return <ImportWritten result={written} onClose={onClose} />;

  return (
    <DialogContent className={reviewing ? 'max-w-5xl' : 'max-w-lg'}>
      <DialogHeader>
        <div className="flex items-center gap-2">
          <DialogTitle>Invoice Processing</DialogTitle>
          {help}
        </div>
        <DialogDescription>{reviewing ? 'Check each invoice, then confirm it.' : 'Upload vendor invoices to extract and confirm.'}</DialogDescription>
        <Link
          href={paths.invoiceProcessing}
          onClick={onClose}
          className={cn(buttonVariants({ variant: 'link', size: 'sm' }), 'h-auto self-start px-0')}
        >
          <ExternalLink aria-hidden="true" />
          Open full page
        </Link>
      </DialogHeader>
      {reviewing ? (
        <InvoiceReviewStep
          review={review}
          vendors={vendors}
          confirming={confirmInvoice.isPending}
          onConfirm={() => void confirm()}
          onAddMore={() => setAdding(true)}
        />
      ) : (
        <>
          <InvoiceUploadStep progress={uploads.progress} onFiles={(files) => void onFiles(files)} />
          {current && !uploads.uploading && (
            <Button variant="outline" onClick={() => setAdding(false)}>
              Back to Review
            </Button>
          )}
        </>
      )}
    </DialogContent>
  );
}

/** After the last invoice: the import in each format (the workbook was downloaded already), then close. */
function ImportWritten({ result, onClose }: { result: ConfirmInvoiceResponse; onClose: () => void }) {
  return (
    <DialogContent className="max-w-lg">
      <DialogHeader>
        <DialogTitle>Invoices confirmed</DialogTitle>
        <DialogDescription>
          {result.confirmed_count} invoice(s) written to {result.filename ?? 'the import file'}. Download it again, or the Vista AP CSVs:
        </DialogDescription>
      </DialogHeader>
      <ImportFileLinks files={result.import_files} label="Import files" className="flex-col" />
      <Button autoFocus onClick={onClose} className="self-end">
        Done
      </Button>
    </DialogContent>
  );
}

/** The header's invoice dialog: upload, then review one invoice at a time (docs/product-rules.md, Invoices). */
export function InvoiceProcessingDialog({ open, onOpenChange, vendors, help }: InvoiceProcessingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <InvoiceProcessingBody vendors={vendors} help={help} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}
