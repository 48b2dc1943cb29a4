import type { InvoiceDto } from '@contract/invoices';
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatCurrency, formatInvoiceDate } from '../lib/format';
import { InvoiceStatusBadge } from './invoice-status-badge';

type InvoiceCardProps = { invoice: InvoiceDto; onPreview: (invoice: InvoiceDto) => void; children?: ReactNode };

/** One invoice of the Invoices tab; `children` are its actions, below the summary. */
export function InvoiceCard({ invoice, onPreview, children }: InvoiceCardProps) {
  const number = invoice.invoiceNumber ?? 'N/A';
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900 dark:text-slate-100">{number}</p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{invoice.vendorName ?? 'Unknown'}</p>
        </div>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="font-medium text-slate-900 tabular-nums dark:text-slate-100">{formatCurrency(invoice.amount, invoice.currency)}</span>
        <span className="text-slate-500 dark:text-slate-400">{formatInvoiceDate(invoice.date)}</span>
        <Button variant="ghost" size="icon" className="size-7" aria-label={`Preview invoice ${number}`} onClick={() => onPreview(invoice)}>
          <Eye aria-hidden="true" />
        </Button>
      </div>
      {children}
    </li>
  );
}
