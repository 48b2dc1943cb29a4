import type { ParsedInvoice } from '@contract/invoices';
import { CircleCheck, Plus, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { addChargeLabel, offersCharge, type ChargeOffer } from '../lib/added-charges';
import { tieOut, tieOutMessage } from '../lib/tie-out';

type TieOutNoteProps = {
  invoice: ParsedInvoice;
  /** The amounts of the lines confirming would write, as the user has them now. */
  amounts: number[];
  /** Offered beside the note when the lines differ from the total (adds the difference as a charge) or no total was read. */
  onAddCharge?: (offer: ChargeOffer) => void;
  /** Which invoice the button acts on, for screen readers when several are listed ('invoice 1001'). */
  subject?: string;
  className?: string;
};

/**
 * Whether the lines about to be confirmed add up to the invoice total, updated as the user edits.
 * The live region stays mounted so a screen reader hears each change. It never blocks confirming.
 */
export function TieOutNote({ invoice, amounts, onAddCharge, subject, className }: TieOutNoteProps) {
  const result = tieOut(invoice, amounts);
  const differs = result.status === 'differs';
  const Icon = differs ? TriangleAlert : CircleCheck;
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
      {offersCharge(result) && onAddCharge && (
        <Button variant="outline" size="sm" className="h-auto min-h-8 py-1.5" onClick={() => onAddCharge(result)}>
          <Plus aria-hidden="true" />
          {addChargeLabel(result)}
          {subject && <span className="sr-only"> to {subject}</span>}
        </Button>
      )}
    </div>
  );
}
