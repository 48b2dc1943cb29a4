import type { ParsedInvoice } from '@contract/invoices';
import { RotateCcw, X } from 'lucide-react';
import type { Ref } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { changeCharge, removeCharge, type AddedCharge } from '../lib/added-charges';
import { toggleRemoved, type BatchEdit, type BatchRow } from '../lib/batch';
import { formatCurrency } from '../lib/format';
import { ChargeDescriptionInput, RemoveChargeButton } from './added-charge-fields';
import { AmountInput } from './amount-input';

export const gridCell = 'px-3 py-2 text-left';

export type EditBatchInvoice = (change: (edit: BatchEdit) => BatchEdit) => void;

type LineRowProps = {
  invoice: ParsedInvoice;
  row: BatchRow;
  /** The invoice number in force (the clerk's correction, else as read). */
  invoiceNumber: string;
  /** 'invoice 1001', to tell the grid's many fields apart. */
  name: string;
  onEdit: EditBatchInvoice;
  disabled?: boolean;
};

/** A charge the user added: its description and amount can be edited, and it can be taken out. */
export function ChargeRow({
  invoice,
  row,
  charge,
  invoiceNumber,
  name,
  onEdit,
  descriptionRef,
  disabled,
}: LineRowProps & { charge: AddedCharge; descriptionRef: Ref<HTMLInputElement> }) {
  const line = row.lineNumber;
  const change = (patch: Partial<AddedCharge>) => onEdit((current) => ({ ...current, charges: changeCharge(current.charges, line, patch) }));
  return (
    <tr className="bg-blue-50/40 dark:bg-blue-950/20">
      <td className={gridCell}>{invoiceNumber}</td>
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

const textInput = cn(
  'h-8 w-full min-w-48 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  focusRing,
);

/**
 * A line as read: its description and amount can be corrected, and it can be removed (a footer or
 * totals row read as an item) and put back. A removed line stays in view, struck through, so the
 * clerk sees what was dropped. With Invoice Total Only the one total line is shown as it will be written.
 */
export function ReadLineRow({ invoice, row, invoiceNumber, name, onEdit, disabled, totalOnly }: LineRowProps & { totalOnly: boolean }) {
  const line = row.lineNumber;
  const editable = !totalOnly && !row.removed;
  const struck = row.removed ? 'text-slate-400 line-through dark:text-slate-500' : '';
  return (
    <tr className={row.removed ? 'bg-slate-50 dark:bg-slate-800/40' : undefined}>
      <td className={cn(gridCell, struck)}>{invoiceNumber}</td>
      <td className={cn(gridCell, struck)}>
        {editable ? (
          <input
            type="text"
            maxLength={200}
            aria-label={`Description for ${name} line ${line}`}
            value={row.description}
            disabled={disabled}
            onChange={(event) => {
              const description = event.target.value;
              onEdit((current) => ({ ...current, descriptions: { ...current.descriptions, [line]: description } }));
            }}
            className={textInput}
          />
        ) : (
          row.description
        )}
      </td>
      <td className={cn(gridCell, struck)}>{row.vendor || 'Unknown'}</td>
      <td className={cn(gridCell, 'text-right tabular-nums', struck)}>
        {editable ? (
          <AmountInput
            aria-label={`Amount for ${name} line ${line}`}
            value={row.amount}
            currency={invoice.currency}
            disabled={disabled}
            onChange={(amount) => onEdit((current) => ({ ...current, amounts: { ...current.amounts, [line]: amount } }))}
          />
        ) : (
          formatCurrency(row.amount, invoice.currency)
        )}
      </td>
      <td className={gridCell}>
        <span className="flex items-center gap-1">
          {row.removed ? <Badge variant="outline">Removed</Badge> : <Badge variant="success">Ready</Badge>}
          {!totalOnly && (
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={row.removed ? `Restore line ${line}` : `Remove line ${line}`}
              title={row.removed ? 'Put this line back' : 'Remove this line (nothing is written for it)'}
              disabled={disabled}
              onClick={() => onEdit((current) => toggleRemoved(current, line, !row.removed))}
            >
              {row.removed ? <RotateCcw aria-hidden="true" /> : <X aria-hidden="true" />}
            </Button>
          )}
        </span>
      </td>
    </tr>
  );
}
