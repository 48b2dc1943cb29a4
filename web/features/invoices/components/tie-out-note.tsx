import type { ParsedInvoice } from '@contract/invoices';
import { CircleCheck, Plus, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { addChargeLabel, offersCharge, type ChargeOffer } from '../lib/added-charges';
import { formatCurrency } from '../lib/format';
import { removableLines, tieOut, tieOutMessage } from '../lib/tie-out';

/** More candidates than this and none stands out as the stray line: the per-line controls remain. */
const MAX_REMOVE_FIXES = 3;

type TieOutNoteProps = {
  invoice: ParsedInvoice;
  /** The amounts of the lines confirming would write, as the user has them now. */
  amounts: number[];
  /** Offered beside the note when the lines differ from the total (adds the difference as a charge) or no total was read. */
  onAddCharge?: (offer: ChargeOffer) => void;
  /** The read lines still posted, to offer removing one whose amount is the total or the difference. */
  readLines?: ReadonlyArray<{ lineNumber: number; amount: number }>;
  onRemoveLine?: (lineNumber: number) => void;
  /** Further fixes, after the built-in ones (the dialog's 'Confirm with a difference…'). */
  children?: ReactNode;
  /** Which invoice the button acts on, for screen readers when several are listed ('invoice 1001'). */
  subject?: string;
  className?: string;
};

const fixClass = 'h-auto min-h-8 py-1.5';

/**
 * Whether the lines about to be confirmed add up to the invoice total, updated as the user edits,
 * with the fixes that fit beside it. The live region stays mounted so a screen reader hears each
 * change. The note itself blocks nothing: the caller holds Confirm back while the lines differ.
 */
export function TieOutNote({ invoice, amounts, onAddCharge, readLines, onRemoveLine, children, subject, className }: TieOutNoteProps) {
  const result = tieOut(invoice, amounts);
  const differs = result.status === 'differs';
  const Icon = differs ? TriangleAlert : CircleCheck;
  const amountOf = new Map(readLines?.map((line) => [line.lineNumber, line.amount]));
  const removable = onRemoveLine && readLines ? removableLines(result, readLines).slice(0, MAX_REMOVE_FIXES) : [];
  const forSubject = subject && <span className="sr-only"> from {subject}</span>;
  // Lines over the total by a line read in error (a footer row): the fix is removing it, not a negative charge.
  const chargeFits = offersCharge(result) && !(result.status === 'differs' && result.difference < 0 && removable.length > 0);
  return (
    <div className={cn('flex flex-wrap items-start gap-2', className)}>
      <div role="status" aria-live="polite" className="min-w-0 flex-1 basis-80">
        <p
          className={cn(
            'flex items-start gap-1.5',
            differs
              ? 'rounded-md border border-amber-300 bg-amber-50 p-2 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200'
              : 'text-xs text-slate-500 dark:text-slate-400',
          )}
        >
          <Icon aria-hidden="true" className={cn('shrink-0', differs ? 'mt-0.5 size-4' : 'mt-px size-3.5')} />
          <span>{tieOutMessage(result, invoice.currency)}</span>
        </p>
      </div>
      {removable.map((lineNumber) => (
        <Button key={lineNumber} variant="outline" size="sm" className={fixClass} onClick={() => onRemoveLine?.(lineNumber)}>
          <X aria-hidden="true" />
          Remove line {lineNumber} ({formatCurrency(amountOf.get(lineNumber), invoice.currency)}){forSubject}
        </Button>
      ))}
      {chargeFits && onAddCharge && (
        <Button variant="outline" size="sm" className={fixClass} onClick={() => onAddCharge(result)}>
          <Plus aria-hidden="true" />
          {addChargeLabel(result)}
          {subject && <span className="sr-only"> to {subject}</span>}
        </Button>
      )}
      {children}
    </div>
  );
}
