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
 * An edit counts only when it parses as a number, step 0.01 (docs/product-rules.md, Invoices). The text
 * being typed is kept apart from the amount, so clearing the field to retype does not lose it;
 * leaving the field shows the amount in force again.
 */
export function AmountInput({ value, onChange, currency, disabled, ...props }: AmountInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <span className="inline-flex shrink-0 items-center gap-1">
      <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
        {currencySymbol(currency)}
      </span>
      <input
        type="number"
        step="0.01"
        inputMode="decimal"
        aria-label={props['aria-label']}
        disabled={disabled}
        value={draft ?? value.toFixed(2)}
        onChange={(event) => {
          setDraft(event.target.value);
          const amount = parseAmount(event.target.value);
          if (amount !== null) onChange(amount);
        }}
        onBlur={() => setDraft(null)}
        className={cn(
          'h-8 w-28 rounded-md border border-slate-300 bg-white px-2 text-right text-sm tabular-nums text-slate-900 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          focusRing,
        )}
      />
    </span>
  );
}
