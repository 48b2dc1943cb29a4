import { RotateCcw, X } from 'lucide-react';
import type { Ref } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatCurrency } from '../lib/format';
import type { ResolvedLine } from '../lib/invoice-edits';
import { AmountInput } from './amount-input';
import { LineVendorSelect } from './line-vendor-select';

type ReviewLineItemProps = {
  line: ResolvedLine;
  currency: string;
  invoiceVendor: string;
  /** Invoice Total Only: the one total line, shown but not edited. */
  totalOnly: boolean;
  onChange: (change: { description?: string; amount?: number; vendor?: string }) => void;
  onRemovedChange: (removed: boolean) => void;
  /** The Remove/Restore button, for focus after a fix elsewhere removes the line. */
  toggleRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
};

const descriptionClass =
  'h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 placeholder:text-slate-400 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * One toggle for Remove and Restore, so the button the clerk pressed keeps focus (one element,
 * relabelled) and the line can be put back from the keyboard at once.
 */
function RemoveToggle({
  line,
  onRemovedChange,
  toggleRef,
  disabled,
}: Pick<ReviewLineItemProps, 'line' | 'onRemovedChange' | 'toggleRef' | 'disabled'>) {
  const n = line.lineNumber;
  return (
    <Button
      ref={toggleRef}
      variant="ghost"
      size="sm"
      className={line.removed ? 'h-7 px-2' : 'size-7 px-0'}
      aria-label={line.removed ? `Restore line ${n}` : `Remove line ${n}`}
      title={line.removed ? undefined : 'Remove this line: nothing is written for it'}
      disabled={disabled}
      onClick={() => onRemovedChange(!line.removed)}
    >
      {line.removed ? <RotateCcw aria-hidden="true" /> : <X aria-hidden="true" />}
      {line.removed && 'Restore'}
    </Button>
  );
}

/** A line read from the invoice: description, amount and vendor to check, or dropped (struck through, with a way back). */
export function ReviewLineItem({ line, currency, invoiceVendor, totalOnly, onChange, onRemovedChange, toggleRef, disabled }: ReviewLineItemProps) {
  const n = line.lineNumber;
  const money = formatCurrency(line.amount, currency);
  return (
    <li
      className={cn(
        'space-y-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800',
        line.removed && 'border-dashed bg-slate-50 dark:bg-slate-900/60',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-slate-500 dark:text-slate-400">
          Line {n}
          {line.itemId && ` · ${line.itemId}`}
          {line.removed && ' · removed: nothing is written for it'}
        </span>
        {!totalOnly && <RemoveToggle line={line} onRemovedChange={onRemovedChange} toggleRef={toggleRef} disabled={disabled} />}
      </div>
      {line.removed ? (
        <p className="flex justify-between gap-2 text-slate-500 line-through dark:text-slate-400">
          <span className="min-w-0 truncate">{line.description || line.printedDescription}</span>
          <span className="tabular-nums">{money}</span>
        </p>
      ) : totalOnly ? (
        <>
          <p className="text-slate-900 dark:text-slate-100">{line.description}</p>
          <div className="flex items-center gap-2">
            <span className="w-28 text-right tabular-nums">{money}</span>
            <span className="truncate">{line.vendor || 'No vendor chosen'}</span>
          </div>
        </>
      ) : (
        <>
          <input
            type="text"
            maxLength={200}
            aria-label={`Description for line ${n}`}
            // Cleared, the line keeps its printed description, which the placeholder shows.
            placeholder={line.printedDescription}
            value={line.description}
            disabled={disabled}
            onChange={(event) => onChange({ description: event.target.value })}
            className={cn(descriptionClass, focusRing)}
          />
          <div className="flex items-center gap-2">
            <AmountInput
              aria-label={`Amount for line ${n}`}
              value={line.amount}
              currency={currency}
              disabled={disabled}
              onChange={(amount) => onChange({ amount })}
            />
            <LineVendorSelect
              lineNumber={n}
              vendor={line.vendor}
              invoiceVendor={invoiceVendor}
              candidates={line.vendorCandidates}
              disabled={disabled}
              onChange={(vendor) => onChange({ vendor })}
            />
          </div>
        </>
      )}
    </li>
  );
}
