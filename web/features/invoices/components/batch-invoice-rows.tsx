import type { ParsedInvoice } from '@contract/invoices';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { batchRows, type BatchEdit } from '../lib/batch';
import { formatCurrency } from '../lib/format';
import { AmountInput } from './amount-input';
import { TieOutNote } from './tie-out-note';

export const gridCell = 'px-3 py-2 text-left';

type BatchInvoiceRowsProps = {
  invoice: ParsedInvoice;
  edit: BatchEdit;
  onEdit: (change: (edit: BatchEdit) => BatchEdit) => void;
  disabled?: boolean;
};

/** One invoice of the confirmation grid: the lines it will write, then whether they add up to its total. */
export function BatchInvoiceRows({ invoice, edit, onEdit, disabled }: BatchInvoiceRowsProps) {
  const id = useId();
  const rows = batchRows(invoice, edit);
  const name = invoice.invoice_number ? `invoice ${invoice.invoice_number}` : invoice.source_filename;
  return (
    <tbody className="divide-y divide-slate-200 border-b-2 border-slate-200 dark:divide-slate-800 dark:border-slate-700">
      {rows.map((row) => (
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
      ))}
      <tr>
        <td colSpan={5} className="px-3 pt-1 pb-3">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <TieOutNote invoice={invoice} amounts={rows.map((row) => row.amount)} className="min-w-0 flex-1" />
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
