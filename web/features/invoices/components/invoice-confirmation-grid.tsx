import type { ParsedInvoice } from '@contract/invoices';
import { Button } from '@/components/ui/button';
import { batchBlocker, batchEditOf, type BatchEdit, type BatchEdits, type BatchSummary } from '../lib/batch';
import { formatCurrency } from '../lib/format';
import { BatchInvoiceRows, gridCell as cell } from './batch-invoice-rows';
import { InvoiceProcessingErrors } from './invoice-processing-errors';

type InvoiceConfirmationGridProps = {
  summary: BatchSummary;
  edits: BatchEdits;
  onEdit: (invoice: ParsedInvoice, change: (edit: BatchEdit) => BatchEdit) => void;
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
function totalAmountText(totals: BatchSummary['totals']): string {
  if (totals.length === 0) return formatCurrency(0, 'USD');
  return totals.map(({ currency, amount }) => formatCurrency(amount, currency)).join(' + ');
}

/** Step 3 of the full page: what will be imported, what failed, and the final confirm. */
export function InvoiceConfirmationGrid({ summary, edits, onEdit, confirming, onCancel, onConfirm }: InvoiceConfirmationGridProps) {
  const count = summary.invoices.length;
  const blocker = batchBlocker(summary.invoices, edits);
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
        <Count label="Total Amount" value={totalAmountText(summary.totals)} tone="text-slate-900 dark:text-slate-50" />
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
                <th scope="col" className={cell}>
                  Invoice #
                </th>
                <th scope="col" className={cell}>
                  Description
                </th>
                <th scope="col" className={cell}>
                  Vendor
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Amount
                </th>
                <th scope="col" className={cell}>
                  Status
                </th>
              </tr>
            </thead>
            {summary.invoices.map((invoice) => (
              <BatchInvoiceRows
                key={invoice.invoice_id}
                invoice={invoice}
                edit={batchEditOf(edits, invoice)}
                disabled={confirming}
                onEdit={(change) => onEdit(invoice, change)}
              />
            ))}
          </table>
        </div>
      )}

      <div className="flex flex-wrap items-center justify-end gap-2">
        {blocker && (
          <p role="status" className="mr-auto text-sm text-amber-800 dark:text-amber-300">
            {blocker}
          </p>
        )}
        <Button variant="outline" disabled={confirming} onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={count === 0 || confirming || blocker !== null} onClick={onConfirm}>
          {confirming ? 'Processing...' : `Confirm & Process (${count} invoice(s))`}
        </Button>
      </div>
    </section>
  );
}
