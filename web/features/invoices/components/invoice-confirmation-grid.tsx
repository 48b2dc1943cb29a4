import type { BatchResult, ParsedInvoice } from '@contract/invoices';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { batchEditOf, batchTotals, type BatchEdit, type BatchEdits, type BatchSummary } from '../lib/batch';
import { batchBlockers } from '../lib/batch-gate';
import { formatCurrency } from '../lib/format';
import { BatchInvoiceRows } from './batch-invoice-rows';
import { gridCell as cell } from './batch-line-rows';
import { InvoiceProcessingErrors } from './invoice-processing-errors';

type InvoiceConfirmationGridProps = {
  summary: BatchSummary;
  /** The invoices still to confirm: all of the batch, or after a partial confirm those skipped. */
  invoices: ParsedInvoice[];
  edits: BatchEdits;
  onEdit: (invoice: ParsedInvoice, change: (edit: BatchEdit) => BatchEdit) => void;
  /** The last confirm's skipped invoices, with the server's reasons. */
  skipped: BatchResult[];
  confirming: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

function Count({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={`text-2xl font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

/** One sum per currency: euros are not added to dollars. */
function totalAmountText(invoices: ParsedInvoice[]): string {
  const totals = batchTotals(invoices);
  if (totals.length === 0) return formatCurrency(0, 'USD');
  return totals.map(({ currency, amount }) => formatCurrency(amount, currency)).join(' + ');
}

const COLUMNS = ['Invoice #', 'Description', 'Vendor', 'Amount', 'Status'];

/** Step 3 of the full page: what will be imported, what failed, and the final confirm, disabled while any invoice says why it cannot go. */
export function InvoiceConfirmationGrid({
  summary,
  invoices,
  edits,
  onEdit,
  skipped,
  confirming,
  onCancel,
  onConfirm,
}: InvoiceConfirmationGridProps) {
  const id = useId();
  const count = invoices.length;
  const blockers = batchBlockers(invoices, edits);
  return (
    <section
      aria-labelledby="confirmation-grid-title"
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="confirmation-grid-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        Invoice Confirmation Grid
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Count label="Successfully Processed" value={String(summary.succeeded.length)} tone="text-green-700 dark:text-green-400" />
        <Count label="Failed to Process" value={String(summary.failed.length)} tone="text-red-700 dark:text-red-400" />
        <Count label="Total Amount" value={totalAmountText(invoices)} tone="text-slate-900 dark:text-slate-50" />
      </dl>

      <InvoiceProcessingErrors failed={summary.failed} />
      {summary.repeats.length > 0 && (
        <ul aria-label="Repeated files" className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
          {summary.repeats.map(({ filename, sameAs }, index) => (
            <li key={`${filename}-${index}`}>
              {filename} is the same file as {sameAs}: its invoice is listed once.
            </li>
          ))}
        </ul>
      )}

      {count > 0 && (
        <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={column === 'Amount' ? `${cell} text-right` : cell}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            {invoices.map((invoice) => (
              <BatchInvoiceRows
                key={invoice.invoice_id}
                invoice={invoice}
                edit={batchEditOf(edits, invoice)}
                skipped={skipped.find((result) => result.invoice_id === invoice.invoice_id)}
                disabled={confirming}
                onEdit={(change) => onEdit(invoice, change)}
              />
            ))}
          </table>
        </div>
      )}

      <div className="flex flex-wrap items-start justify-end gap-2">
        {/* Always mounted, so a screen reader hears when the last reason goes and the batch can be confirmed. */}
        <div
          id={`${id}-blockers`}
          role="status"
          aria-live="polite"
          className="mr-auto min-w-0 flex-1 basis-80 text-sm text-amber-800 dark:text-amber-300"
        >
          {blockers.length > 0 && (
            <ul aria-label="Why the batch cannot be confirmed yet" className="space-y-1">
              {blockers.map(({ invoiceId, message }) => (
                <li key={invoiceId}>{message}</li>
              ))}
            </ul>
          )}
        </div>
        <Button variant="outline" disabled={confirming} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          disabled={count === 0 || confirming || blockers.length > 0}
          aria-describedby={blockers.length > 0 ? `${id}-blockers` : undefined}
          onClick={onConfirm}
        >
          {confirming ? 'Processing...' : `Confirm & Process (${count} invoice(s))`}
        </Button>
      </div>
    </section>
  );
}
