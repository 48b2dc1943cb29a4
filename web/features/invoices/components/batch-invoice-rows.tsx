import type { ParsedInvoice } from '@contract/invoices';
import { useId, type Ref } from 'react';
import { Badge } from '@/components/ui/badge';
import { focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useFocusNewCharge } from '../hooks/use-focus-new-charge';
import { canAddCharge, changeCharge, missingCharge, removeCharge, type AddedCharge, type ChargeOffer } from '../lib/added-charges';
import { batchRows, type BatchEdit, type BatchRow } from '../lib/batch';
import { formatCurrency } from '../lib/format';
import { ChargeDescriptionInput, RemoveChargeButton } from './added-charge-fields';
import { AmountInput } from './amount-input';
import { TieOutNote } from './tie-out-note';

export const gridCell = 'px-3 py-2 text-left';

type BatchInvoiceRowsProps = {
  invoice: ParsedInvoice;
  edit: BatchEdit;
  onEdit: (change: (edit: BatchEdit) => BatchEdit) => void;
  disabled?: boolean;
};

type ChargeRowProps = {
  invoice: ParsedInvoice;
  row: BatchRow;
  charge: AddedCharge;
  /** 'invoice 1001', to tell the grid's many fields apart. */
  name: string;
  onEdit: BatchInvoiceRowsProps['onEdit'];
  descriptionRef: Ref<HTMLInputElement>;
  disabled?: boolean;
};

/** A charge the user added: its description and amount can be edited, and it can be taken out. */
function ChargeRow({ invoice, row, charge, name, onEdit, descriptionRef, disabled }: ChargeRowProps) {
  const line = row.lineNumber;
  const change = (patch: Partial<AddedCharge>) => onEdit((current) => ({ ...current, charges: changeCharge(current.charges, line, patch) }));
  return (
    <tr className="bg-blue-50/40 dark:bg-blue-950/20">
      <td className={gridCell}>{invoice.invoice_number ?? 'N/A'}</td>
      <td className={gridCell}>
        <ChargeDescriptionInput
          aria-label={`Description for ${name} line ${line}`}
          value={charge.description}
          disabled={disabled}
          inputRef={descriptionRef}
          onChange={(description) => change({ description })}
          className="w-full min-w-48"
        />
      </td>
      <td className={gridCell}>{row.vendor || 'Unknown'}</td>
      <td className={`${gridCell} text-right tabular-nums`}>
        <AmountInput
          aria-label={`Amount for ${name} line ${line}`}
          value={row.amount}
          currency={invoice.currency}
          disabled={disabled}
          onChange={(amount) => change({ amount })}
        />
      </td>
      <td className={gridCell}>
        <span className="flex items-center gap-1">
          <Badge variant="outline">Added</Badge>
          <RemoveChargeButton
            label={`Remove added charge line ${line} from ${name}`}
            disabled={disabled}
            onClick={() => onEdit((current) => ({ ...current, charges: removeCharge(current.charges, line) }))}
          />
        </span>
      </td>
    </tr>
  );
}

/** One invoice of the confirmation grid: the lines it will write, then whether they add up to its total. */
export function BatchInvoiceRows({ invoice, edit, onEdit, disabled }: BatchInvoiceRowsProps) {
  const id = useId();
  const focus = useFocusNewCharge();
  const rows = batchRows(invoice, edit);
  const name = invoice.invoice_number ? `invoice ${invoice.invoice_number}` : invoice.source_filename;
  const addCharge = (offer: ChargeOffer) => {
    const charge = missingCharge(invoice, edit.charges, offer);
    focus.expect(charge.lineNumber);
    onEdit((current) => ({ ...current, charges: [...current.charges, charge] }));
  };
  return (
    <tbody className="divide-y divide-slate-200 border-b-2 border-slate-200 dark:divide-slate-800 dark:border-slate-700">
      {rows.map((row) =>
        row.charge ? (
          <ChargeRow
            key={row.key}
            invoice={invoice}
            row={row}
            charge={row.charge}
            name={name}
            onEdit={onEdit}
            descriptionRef={focus.ref(row.lineNumber)}
            disabled={disabled}
          />
        ) : (
          <tr key={row.key}>
            <td className={gridCell}>{invoice.invoice_number ?? 'N/A'}</td>
            <td className={gridCell}>{row.description}</td>
            <td className={gridCell}>{row.vendor || 'Unknown'}</td>
            <td className={`${gridCell} text-right tabular-nums`}>
              {edit.totalOnly ? (
                formatCurrency(row.amount, invoice.currency)
              ) : (
                <AmountInput
                  aria-label={`Amount for ${name} line ${row.lineNumber}`}
                  value={row.amount}
                  currency={invoice.currency}
                  disabled={disabled}
                  onChange={(amount) => onEdit((current) => ({ ...current, amounts: { ...current.amounts, [row.lineNumber]: amount } }))}
                />
              )}
            </td>
            <td className={gridCell}>
              <Badge variant="success">Ready</Badge>
            </td>
          </tr>
        ),
      )}
      <tr>
        <td colSpan={5} className="px-3 pt-1 pb-3">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <TieOutNote
              invoice={invoice}
              amounts={rows.map((row) => row.amount)}
              onAddCharge={!disabled && !edit.totalOnly && canAddCharge(edit.charges) ? addCharge : undefined}
              subject={name}
              className="min-w-0 flex-1"
            />
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
        </td>
      </tr>
    </tbody>
  );
}
