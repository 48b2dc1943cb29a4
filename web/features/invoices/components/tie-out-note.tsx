import type { ParsedInvoice } from '@contract/invoices';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';
import { tieOut, tieOutMessage } from '../lib/tie-out';

type TieOutNoteProps = {
  invoice: ParsedInvoice;
  /** The amounts of the lines confirming would write, as the user has them now. */
  amounts: number[];
  className?: string;
};

/**
 * Whether the lines about to be confirmed add up to the invoice total, updated as the user edits.
 * The live region stays mounted so a screen reader hears each change. It never blocks confirming.
 */
export function TieOutNote({ invoice, amounts, className }: TieOutNoteProps) {
  const result = tieOut(invoice, amounts);
  const differs = result.status === 'differs';
  const Icon = differs ? TriangleAlert : CircleCheck;
  return (
    <div role="status" aria-live="polite" className={className}>
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
  );
}
