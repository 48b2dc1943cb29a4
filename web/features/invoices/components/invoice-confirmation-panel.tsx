import type { ParsedInvoice } from '@contract/invoices';
import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useFocusNewCharge } from '../hooks/use-focus-new-charge';
import { usePendingFocus } from '../hooks/use-pending-focus';
import { changeCharge, missingCharge, removeCharge, type ChargeOffer } from '../lib/added-charges';
import { resolveCharges, resolveLines, totalOnlyLine, withHeaderField, withLineRemoved, type InvoiceEdits } from '../lib/invoice-edits';
import type { VendorOption } from '../lib/vendor-options';
import { AddedChargeItem } from './added-charge-item';
import { HeaderCorrections } from './header-corrections';
import { ReviewLineItem } from './review-line-item';
import { TieOutGate } from './tie-out-gate';
import { VendorPicker } from './vendor-picker';

const TOTAL_ONLY_HINT = 'Single line with invoice total will be added to Daily-Detail sheet';
const LINE_ITEMS_HINT = 'Individual line items will be added to Daily-Detail sheet';

function TotalOnlyToggle({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          id={`${id}-total-only`}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-total-hint`}
          onChange={(event) => onChange(event.target.checked)}
          className={cn('size-4 accent-blue-600', focusRing)}
        />
        <Label htmlFor={`${id}-total-only`}>Invoice Total Only</Label>
      </div>
      <p id={`${id}-total-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {checked ? TOTAL_ONLY_HINT : LINE_ITEMS_HINT}
      </p>
    </div>
  );
}

type InvoiceConfirmationPanelProps = {
  invoice: ParsedInvoice;
  edits: InvoiceEdits;
  vendors: VendorOption[];
  onEdit: (change: (edits: InvoiceEdits) => InvoiceEdits) => void;
  disabled?: boolean;
};

/**
 * The dialog's right panel: the vendor, the header fields, totals-only choice, each line's
 * description, amount and vendor (or its removal), any charges added, and whether the lines tie
 * out, with the fixes that fit when they do not.
 */
export function InvoiceConfirmationPanel({ invoice, edits, vendors, onEdit, disabled }: InvoiceConfirmationPanelProps) {
  const id = useId();
  const focusCharge = useFocusNewCharge();
  const focusToggle = usePendingFocus<HTMLButtonElement>();
  const lines = edits.totalOnly ? [totalOnlyLine(invoice, edits)] : resolveLines(invoice, edits);
  const charges = edits.totalOnly ? [] : resolveCharges(edits);

  const addCharge = (offer: ChargeOffer) => {
    const charge = missingCharge(invoice, edits.charges, offer);
    focusCharge.expect(charge.lineNumber);
    onEdit((current) => ({ ...current, charges: [...current.charges, charge] }));
  };
  // The fix button goes once the lines tie: focus moves to the removed line's Restore.
  const removeLineFix = (lineNumber: number) => {
    focusToggle.expect(lineNumber);
    onEdit((current) => withLineRemoved(current, lineNumber, true));
  };
  const changeLine = (lineNumber: number, change: { description?: string; amount?: number; vendor?: string }) =>
    onEdit((current) => ({
      ...current,
      ...(change.description !== undefined && { descriptions: { ...current.descriptions, [lineNumber]: change.description } }),
      ...(change.amount !== undefined && { amounts: { ...current.amounts, [lineNumber]: change.amount } }),
      ...(change.vendor !== undefined && { lineVendors: { ...current.lineVendors, [lineNumber]: change.vendor } }),
    }));

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
      <HeaderCorrections
        invoice={invoice}
        edits={edits.header}
        disabled={disabled}
        onChange={(field, value) => onEdit((current) => withHeaderField(current, field, value))}
      />
      <TotalOnlyToggle checked={edits.totalOnly} disabled={disabled} onChange={(totalOnly) => onEdit((current) => ({ ...current, totalOnly }))} />
      <TieOutGate invoice={invoice} edits={edits} onEdit={onEdit} onAddCharge={addCharge} onRemoveLine={removeLineFix} disabled={disabled} />
      <ul aria-label="Invoice lines" className="max-h-[300px] space-y-2 overflow-y-auto">
        {lines.map((line) => (
          <ReviewLineItem
            key={line.lineNumber}
            line={line}
            currency={invoice.currency}
            invoiceVendor={edits.invoiceVendor}
            totalOnly={edits.totalOnly}
            disabled={disabled}
            toggleRef={focusToggle.ref(line.lineNumber)}
            onChange={(change) => changeLine(line.lineNumber, change)}
            onRemovedChange={(removed) => onEdit((current) => withLineRemoved(current, line.lineNumber, removed))}
          />
        ))}
        {charges.map((charge) => (
          <AddedChargeItem
            key={`added-${charge.lineNumber}`}
            charge={charge}
            invoiceVendor={edits.invoiceVendor}
            candidates={invoice.vendor_candidates}
            currency={invoice.currency}
            disabled={disabled}
            descriptionRef={focusCharge.ref(charge.lineNumber)}
            onChange={(change) => onEdit((current) => ({ ...current, charges: changeCharge(current.charges, charge.lineNumber, change) }))}
            onRemove={() => onEdit((current) => ({ ...current, charges: removeCharge(current.charges, charge.lineNumber) }))}
          />
        ))}
      </ul>
    </section>
  );
}
