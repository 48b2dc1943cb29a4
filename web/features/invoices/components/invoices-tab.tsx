import type { InvoiceDto } from '@contract/invoices';
import { useState } from 'react';
import { useInvoices } from '../api/get-invoices';
import { InvoiceCard } from './invoice-card';
import { InvoicePreviewDialog } from './invoice-preview-dialog';

/** The Context and Tools panel's Invoices tab. */
export function InvoicesTab() {
  const { data, isPending, isError } = useInvoices();
  const [previewing, setPreviewing] = useState<InvoiceDto | null>(null);

  let body = null;
  if (isPending) {
    body = (
      <p role="status" className="text-slate-500 dark:text-slate-400">
        Loading invoices...
      </p>
    );
  } else if (data?.length === 0) {
    body = <p className="text-slate-500 dark:text-slate-400">No invoices processed yet</p>;
  } else if (data) {
    body = (
      <ul aria-label="Invoices" className="space-y-2">
        {data.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} onPreview={setPreviewing} />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900 dark:text-slate-50">Invoice Processing</h3>
      {isError && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          Failed to fetch invoices
        </p>
      )}
      {body}
      <InvoicePreviewDialog invoice={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
    </div>
  );
}
