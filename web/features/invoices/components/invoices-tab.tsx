import type { InvoiceDto } from '@contract/invoices';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/handle-error';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useInvoices } from '../api/get-invoices';
import { DiscardInvoiceDialog } from './discard-invoice-dialog';
import { InvoiceCard } from './invoice-card';
import { InvoiceCardActions } from './invoice-card-actions';
import { InvoicePreviewDialog } from './invoice-preview-dialog';

/** Discards the invoice being asked about, and says how it went. */
function useDiscardInvoice() {
  const [discarding, setDiscarding] = useState<InvoiceDto | null>(null);
  const deleteInvoice = useDeleteInvoice();
  const confirm = (invoice: InvoiceDto) =>
    deleteInvoice.mutate(invoice.id, {
      onSuccess: () =>
        toast({ title: 'Invoice discarded', description: `${invoice.invoiceNumber ?? invoice.filename} is no longer in your invoices.` }),
      // A 409 (confirmed meanwhile, perhaps in another tab) says so in the server's words.
      onError: (err) => toast({ variant: 'destructive', title: 'Could not discard the invoice', description: serverMessage(err) }),
      onSettled: () => setDiscarding(null),
    });
  return { discarding, setDiscarding, confirm, isDiscarding: deleteInvoice.isPending };
}

/** The Context and Tools panel's Invoices tab. */
export function InvoicesTab() {
  const { data, isPending, isError } = useInvoices();
  const [previewing, setPreviewing] = useState<InvoiceDto | null>(null);
  const discard = useDiscardInvoice();

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
          <InvoiceCard key={invoice.id} invoice={invoice} onPreview={setPreviewing}>
            <InvoiceCardActions invoice={invoice} onDiscard={discard.setDiscarding} />
          </InvoiceCard>
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
      <DiscardInvoiceDialog
        invoice={discard.discarding}
        isDiscarding={discard.isDiscarding}
        onConfirm={discard.confirm}
        onOpenChange={(open) => !open && discard.setDiscarding(null)}
      />
    </div>
  );
}
