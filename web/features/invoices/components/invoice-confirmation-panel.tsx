import type { ParsedInvoice } from '@contract/invoices';
import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { formatCurrency } from '../lib/format';
import { resolveLines, totalOnlyLine, type InvoiceEdits, type ResolvedLine } from '../lib/invoice-edits';
import type { VendorOption } from '../lib/vendor-options';
import { AmountInput } from './amount-input';
import { TieOutNote } from './tie-out-note';
import { VendorPicker } from './vendor-picker';

const TOTAL_ONLY_HINT = 'Single line with invoice total will be added to Daily-Detail sheet';
const LINE_ITEMS_HINT = 'Individual line items will be added to Daily-Detail sheet';

type InvoiceConfirmationPanelProps = {
  invoice: ParsedInvoice;
  edits: InvoiceEdits;
  vendors: VendorOption[];
  onEdit: (change: (edits: InvoiceEdits) => InvoiceEdits) => void;
  disabled?: boolean;
};

function LineVendorSelect({
  line,
  edits,
  onChange,
  disabled,
}: {
  line: ResolvedLine;
  edits: InvoiceEdits;
  onChange: (vendor: string) => void;
  disabled?: boolean;
}) {
  const choices = [...new Set([line.vendor, edits.invoiceVendor, ...line.vendorCandidates].filter((name) => name.trim()))];
  return (
    <select
      aria-label={`Vendor for line ${line.lineNumber}`}
      value={line.vendor}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      className={cn(
        'h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        focusRing,
      )}
    >
      {!line.vendor && <option value="">Select vendor...</option>}
      {choices.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}

/** The dialog's right panel: the vendor, totals-only choice and each line's amount and vendor. */
export function InvoiceConfirmationPanel({ invoice, edits, vendors, onEdit, disabled }: InvoiceConfirmationPanelProps) {
  const id = useId();
  const lines = edits.totalOnly ? [totalOnlyLine(invoice, edits)] : resolveLines(invoice, edits);

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 space-y-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-slate-50">
        Invoice Confirmation
      </h3>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-vendor`}>Invoice Vendor</Label>
        <VendorPicker
          id={`${id}-vendor`}
          value={edits.invoiceVendor}
          candidates={invoice.vendor_candidates}
          vendors={vendors}
          disabled={disabled}
          onChange={(name) => onEdit((current) => ({ ...current, invoiceVendor: name, invoiceVendorPicked: true, lineVendors: {} }))}
        />
      </div>
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <input
            id={`${id}-total-only`}
            type="checkbox"
            checked={edits.totalOnly}
            disabled={disabled}
            aria-describedby={`${id}-total-hint`}
            onChange={(event) => onEdit((current) => ({ ...current, totalOnly: event.target.checked }))}
            className={cn('size-4 accent-blue-600', focusRing)}
          />
          <Label htmlFor={`${id}-total-only`}>Invoice Total Only</Label>
        </div>
        <p id={`${id}-total-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {edits.totalOnly ? TOTAL_ONLY_HINT : LINE_ITEMS_HINT}
        </p>
      </div>
      <TieOutNote invoice={invoice} amounts={lines.map((line) => line.amount)} />
      <ul aria-label="Invoice lines" className="max-h-[300px] space-y-2 overflow-y-auto">
        {lines.map((line) => (
          <li key={line.lineNumber} className="space-y-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
            <div>
              <span className="text-xs text-slate-500 dark:text-slate-400">Description</span>
              <p className="text-slate-900 dark:text-slate-100">{line.description}</p>
            </div>
            <div className="flex items-center gap-2">
              {edits.totalOnly ? (
                <span className="w-28 text-right tabular-nums">{formatCurrency(line.amount, invoice.currency)}</span>
              ) : (
                <AmountInput
                  aria-label={`Amount for line ${line.lineNumber}`}
                  value={line.amount}
                  currency={invoice.currency}
                  disabled={disabled}
                  onChange={(amount) => onEdit((current) => ({ ...current, amounts: { ...current.amounts, [line.lineNumber]: amount } }))}
                />
              )}
              {edits.totalOnly ? (
                <span className="truncate">{line.vendor || 'No vendor chosen'}</span>
              ) : (
                <LineVendorSelect
                  line={line}
                  edits={edits}
                  disabled={disabled}
                  onChange={(vendor) => onEdit((current) => ({ ...current, lineVendors: { ...current.lineVendors, [line.lineNumber]: vendor } }))}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
