import { useState } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { currencySymbol, parseAmount } from '../lib/format';

type AmountInputProps = {
  value: number;
  onChange: (amount: number) => void;
  'aria-label': string;
  /** ISO 4217 code; its symbol marks the field. */
  currency: string;
  disabled?: boolean;
};

/**
 * An edit counts only when it reads as an amount (docs/product-rules.md, Invoices). A text field,
 * not a number one: clerks type '1,234.56' or '(123.45)' as printed, which a number field refuses.
 * The text being typed is kept apart from the amount, so clearing the field to retype does not lose
 * it; leaving the field shows the amount in force again.
 */
export function AmountInput({ value, onChange, currency, disabled, ...props }: AmountInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const unreadable = draft !== null && draft.trim() !== '' && parseAmount(draft) === null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1">
      <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
        {currencySymbol(currency)}
      </span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={props['aria-label']}
        aria-invalid={unreadable || undefined}
        disabled={disabled}
        value={draft ?? value.toFixed(2)}
        onChange={(event) => {
          setDraft(event.target.value);
          const amount = parseAmount(event.target.value);
          if (amount !== null) onChange(amount);
        }}
        onBlur={() => setDraft(null)}
        // Enter confirms the invoice (invoice-review-step.tsx): not while the text shown is not the amount in force.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && unreadable) event.preventDefault();
        }}
        className={cn(
          'h-8 w-28 rounded-md border border-slate-300 bg-white px-2 text-right text-sm tabular-nums text-slate-900 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          unreadable && 'border-red-500 dark:border-red-500',
          focusRing,
        )}
      />
    </span>
  );
}
