import type { BatchResult, ParsedInvoice } from '@contract/invoices';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useFocusNewCharge } from '../hooks/use-focus-new-charge';
import { canAddCharge, missingCharge, type ChargeOffer } from '../lib/added-charges';
import { batchInvoiceName, batchRows, postedRows, toggleRemoved, type BatchEdit } from '../lib/batch';
import { tieOutGap } from '../lib/batch-gate';
import { headerValue } from '../lib/corrections';
import { ChargeRow, ReadLineRow, type EditBatchInvoice } from './batch-line-rows';
import { DifferenceReasonField, DifferenceReasonToggle } from './difference-reason';
import { HeaderCorrections } from './header-corrections';
import { TieOutNote } from './tie-out-note';

type BatchInvoiceRowsProps = {
  invoice: ParsedInvoice;
  edit: BatchEdit;
  onEdit: EditBatchInvoice;
  /** Why the last confirm skipped this invoice, kept beside it until it is confirmed. */
  skipped?: BatchResult;
  disabled?: boolean;
};

/**
 * One invoice of the confirmation grid: its header as read (correctable), the lines it will write,
 * then whether they add up to its total and the fixes that fit when they do not.
 */
export function BatchInvoiceRows({ invoice, edit, onEdit, skipped, disabled }: BatchInvoiceRowsProps) {
  const duplicate = invoice.checks.find((check) => check.code === 'duplicate' && !check.passed);
  const id = useId();
  const focus = useFocusNewCharge();
  const rows = batchRows(invoice, edit);
  const name = batchInvoiceName(invoice);
  const invoiceNumber = headerValue(invoice, edit.header, 'invoice_number') || 'N/A';
  const addCharge = (offer: ChargeOffer) => {
    const charge = missingCharge(invoice, edit.charges, offer);
    focus.expect(charge.lineNumber);
    onEdit((current) => ({ ...current, charges: [...current.charges, charge] }));
  };
  const lineProps = { invoice, invoiceNumber, name, onEdit, disabled };
  const editable = !disabled && !edit.totalOnly;
  const posted = postedRows(rows);
  const gated = tieOutGap(invoice, edit, rows) !== null;
  const reason = {
    reason: edit.differenceReason,
    onChange: (differenceReason: string | null) => onEdit((current) => ({ ...current, differenceReason })),
    fieldId: `${id}-reason`,
    disabled,
  };
  return (
    <tbody
      aria-label={invoice.invoice_number ? `Invoice ${invoice.invoice_number}` : invoice.source_filename}
      className="divide-y divide-slate-200 border-b-2 border-slate-200 dark:divide-slate-800 dark:border-slate-700"
    >
      <tr>
        <td colSpan={5} className="space-y-2 px-3 pt-4 pb-2">
          <div role="group" aria-label={`Header of ${name}`}>
            <HeaderCorrections
              invoice={invoice}
              edits={edit.header}
              disabled={disabled}
              onChange={(field, value) => onEdit((current) => ({ ...current, header: { ...current.header, [field]: value } }))}
            />
          </div>
          {/* Said before confirming, not only after: a bill already confirmed is not added twice. */}
          {!skipped && duplicate && (
            <p className="flex items-start gap-1.5 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{duplicate.message} It will not be added twice.</span>
            </p>
          )}
          {skipped && (
            <p className="flex items-start gap-1.5 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>Not confirmed: {skipped.message ?? 'the server gave no reason.'}</span>
            </p>
          )}
        </td>
      </tr>
      {rows.map((row) =>
        row.charge ? (
          <ChargeRow key={row.key} row={row} charge={row.charge} descriptionRef={focus.ref(row.lineNumber)} {...lineProps} />
        ) : (
          <ReadLineRow key={row.key} row={row} totalOnly={edit.totalOnly} {...lineProps} />
        ),
      )}
      <tr>
        <td colSpan={5} className="space-y-2 px-3 pt-1 pb-3">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <TieOutNote
              invoice={invoice}
              amounts={posted.map((row) => row.amount)}
              onAddCharge={editable && canAddCharge(edit.charges) ? addCharge : undefined}
              readLines={posted.filter((row) => row.read)}
              onRemoveLine={editable ? (line) => onEdit((current) => toggleRemoved(current, line, true)) : undefined}
              subject={name}
              className="min-w-0 flex-1"
            >
              {gated && <DifferenceReasonToggle {...reason} />}
            </TieOutNote>
            <div className="flex items-center gap-2">
              <input
                id={`${id}-total-only`}
                type="checkbox"
                checked={edit.totalOnly}
                disabled={disabled}
                onChange={(event) => onEdit((current) => ({ ...current, totalOnly: event.target.checked }))}
                className={cn('size-4 accent-blue-600', focusRing)}
              />
              <Label htmlFor={`${id}-total-only`}>
                Invoice Total Only<span className="sr-only"> for {name}</span>
              </Label>
            </div>
          </div>
          {gated && <DifferenceReasonField {...reason} />}
        </td>
      </tr>
    </tbody>
  );
}
