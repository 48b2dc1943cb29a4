import type { ParsedInvoice } from '@contract/invoices';
import { TriangleAlert } from 'lucide-react';
import { invoiceWarnings } from '../lib/invoice-warnings';

/** Low-confidence fields, failed checks and reader warnings, as small notes. */
export function InvoiceWarnings({ invoice }: { invoice: ParsedInvoice }) {
  const warnings = invoiceWarnings(invoice);
  if (warnings.length === 0) return null;
  return (
    <ul aria-label="Warnings" className="space-y-1">
      {warnings.map((warning) => (
        <li key={warning} className="flex items-start gap-1.5 text-xs text-amber-700 dark:text-amber-400">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>{warning}</span>
        </li>
      ))}
    </ul>
  );
}
