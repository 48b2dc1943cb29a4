import type { ParsedInvoice } from '@contract/invoices';
import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useFocusNewCharge } from '../hooks/use-focus-new-charge';
import { canAddCharge, changeCharge, missingCharge, removeCharge, type ChargeOffer } from '../lib/added-charges';
import { formatCurrency } from '../lib/format';
import { resolveCharges, resolveLines, totalOnlyLine, writtenAmounts, type InvoiceEdits, type ResolvedLine } from '../lib/invoice-edits';
import type { VendorOption } from '../lib/vendor-options';
import { AddedChargeItem } from './added-charge-item';
import { AmountInput } from './amount-input';
import { LineVendorSelect } from './line-vendor-select';
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

/** A line read from the invoice (or, with Invoice Total Only, its one total line). */
function ReviewLineItem({ line, invoice, edits, onEdit, disabled }: { line: ResolvedLine } & Omit<InvoiceConfirmationPanelProps, 'vendors'>) {
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
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
            lineNumber={line.lineNumber}
            vendor={line.vendor}
            invoiceVendor={edits.invoiceVendor}
            candidates={line.vendorCandidates}
            disabled={disabled}
            onChange={(vendor) => onEdit((current) => ({ ...current, lineVendors: { ...current.lineVendors, [line.lineNumber]: vendor } }))}
          />
        )}
      </div>
    </li>
  );
}

/** The dialog's right panel: the vendor, totals-only choice, each line's amount and vendor, and any charges added. */
export function InvoiceConfirmationPanel({ invoice, edits, vendors, onEdit, disabled }: InvoiceConfirmationPanelProps) {
  const id = useId();
  const focus = useFocusNewCharge();
  const lines = edits.totalOnly ? [totalOnlyLine(invoice, edits)] : resolveLines(invoice, edits);
  const charges = edits.totalOnly ? [] : resolveCharges(edits);
  const addCharge = (offer: ChargeOffer) => {
    const charge = missingCharge(invoice, edits.charges, offer);
    focus.expect(charge.lineNumber);
    onEdit((current) => ({ ...current, charges: [...current.charges, charge] }));
  };

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
          onChange={(name) =>
            onEdit((current) => ({
              ...current,
              invoiceVendor: name,
              invoiceVendorPicked: true,
              lineVendors: {},
              charges: current.charges.map((charge) => ({ ...charge, vendor: null })),
            }))
          }
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
      <TieOutNote
        invoice={invoice}
        amounts={writtenAmounts(invoice, edits)}
        onAddCharge={!disabled && !edits.totalOnly && canAddCharge(edits.charges) ? addCharge : undefined}
      />
      <ul aria-label="Invoice lines" className="max-h-[300px] space-y-2 overflow-y-auto">
        {lines.map((line) => (
          <ReviewLineItem key={line.lineNumber} line={line} invoice={invoice} edits={edits} onEdit={onEdit} disabled={disabled} />
        ))}
        {charges.map((charge) => (
          <AddedChargeItem
            key={`added-${charge.lineNumber}`}
            charge={charge}
            invoiceVendor={edits.invoiceVendor}
            candidates={invoice.vendor_candidates}
            currency={invoice.currency}
            disabled={disabled}
            descriptionRef={focus.ref(charge.lineNumber)}
            onChange={(change) => onEdit((current) => ({ ...current, charges: changeCharge(current.charges, charge.lineNumber, change) }))}
            onRemove={() => onEdit((current) => ({ ...current, charges: removeCharge(current.charges, charge.lineNumber) }))}
          />
        ))}
      </ul>
    </section>
  );
}
