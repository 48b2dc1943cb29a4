import type { InvoiceDto } from '@contract/invoices';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { invoiceDownloadPath, useDownloadInvoiceFile } from '../api/download-invoice-file';
import { invoicePreviewPath } from '../api/get-invoice-image';
import { formatCurrency, formatInvoiceDate } from '../lib/format';
import { ImportFileLinks } from './import-file-links';
import { InvoiceAudit } from './invoice-audit';
import { InvoiceImage } from './invoice-image';
import { InvoiceStatusBadge } from './invoice-status-badge';

function PreviewBody({ invoice }: { invoice: InvoiceDto }) {
  const download = useDownloadInvoiceFile();
  return (
    <>
      <DialogHeader>
        <DialogTitle>Invoice {invoice.invoiceNumber ?? 'N/A'}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-wrap items-center gap-2">
            <span>{invoice.vendorName ?? 'Unknown'}</span>
            <span aria-hidden="true">·</span>
            <span>{formatCurrency(invoice.amount, invoice.currency)}</span>
            <span aria-hidden="true">·</span>
            <span>{formatInvoiceDate(invoice.date)}</span>
            <InvoiceStatusBadge status={invoice.status} />
          </div>
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={download.isPending}
          onClick={() => download.mutate({ path: invoiceDownloadPath(invoice.id), filename: invoice.filename })}
        >
          <Download aria-hidden="true" />
          {download.isPending ? 'Downloading...' : 'Download'}
        </Button>
        <span className="truncate text-xs text-slate-500 dark:text-slate-400">{invoice.filename}</span>
      </div>
      <ImportFileLinks files={invoice.importFiles} label="Import files" />
      <InvoiceAudit invoice={invoice} />
      <InvoiceImage
        path={invoicePreviewPath(invoice.id)}
        alt={`First page of ${invoice.filename}`}
        className="mx-auto max-h-[60vh] max-w-full rounded-md border border-slate-200 object-contain dark:border-slate-800"
      />
    </>
  );
}

/** The Invoices tab's preview: page 1 of the invoice, its PDF and import to download, and who confirmed what. */
export function InvoicePreviewDialog({ invoice, onOpenChange }: { invoice: InvoiceDto | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={invoice !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-auto">{invoice && <PreviewBody invoice={invoice} />}</DialogContent>
    </Dialog>
  );
}
