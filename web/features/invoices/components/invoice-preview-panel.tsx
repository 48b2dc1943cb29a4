import type { InvoiceFieldName, ParsedInvoice } from '@contract/invoices';
import { formatCurrency, formatInvoiceDate } from '../lib/format';
import { InvoiceImage } from './invoice-image';
import { InvoiceWarnings } from './invoice-warnings';
import { ModelFilledBadge } from './model-filled-badge';

function Field({ label, value, invoice, field }: { label: string; value: string; invoice: ParsedInvoice; field: InvoiceFieldName }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium text-slate-900 dark:text-slate-50">
        {value}
        <ModelFilledBadge invoice={invoice} field={field} />
      </dd>
    </div>
  );
}

/** The dialog's left panel: what was read from the invoice. */
export function InvoicePreviewPanel({ invoice }: { invoice: ParsedInvoice }) {
  return (
    <section aria-labelledby="invoice-preview-title" className="min-w-0 space-y-4">
      <h3 id="invoice-preview-title" className="font-semibold text-slate-900 dark:text-slate-50">
        Invoice Preview
      </h3>
      {invoice.image_path && <InvoiceImage path={invoice.image_path} alt={`First page of ${invoice.source_filename}`} />}
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Field label="Invoice Number" value={invoice.invoice_number ?? 'N/A'} invoice={invoice} field="invoice_number" />
        <Field label="Date" value={formatInvoiceDate(invoice.invoice_date)} invoice={invoice} field="invoice_date" />
        <Field label="Total Amount" value={formatCurrency(invoice.total_amount, invoice.currency)} invoice={invoice} field="total_amount" />
        <Field label="Job Number" value={invoice.job_number ?? 'N/A'} invoice={invoice} field="job_number" />
        {invoice.reference && <Field label="Reference/PO" value={invoice.reference} invoice={invoice} field="reference" />}
      </dl>
      <InvoiceWarnings invoice={invoice} />
      {invoice.line_items.length > 0 && (
        <div className="space-y-1">
          <h4 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Line Items</h4>
          <ul
            aria-label="Line items"
            className="max-h-[300px] divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800"
          >
            {invoice.line_items.map((item) => (
              <li key={item.line_number} className="flex items-start justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="text-slate-900 dark:text-slate-100">{item.description}</p>
                  {item.id && <p className="text-xs text-slate-500 dark:text-slate-400">{item.id}</p>}
                </div>
                <span className="shrink-0 tabular-nums">{formatCurrency(item.amount, invoice.currency)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
