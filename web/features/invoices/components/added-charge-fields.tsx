import { X } from 'lucide-react';
import type { Ref } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** What the server writes for an added charge left without a description. */
const ADDED_CHARGE_PLACEHOLDER = 'Charge added at review';

type ChargeDescriptionInputProps = {
  value: string;
  onChange: (description: string) => void;
  'aria-label': string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

/** An added charge's description; optional, as the placeholder says what is written without one. */
export function ChargeDescriptionInput({ value, onChange, disabled, inputRef, className, ...props }: ChargeDescriptionInputProps) {
  return (
    <input
      ref={inputRef}
      type="text"
      maxLength={200}
      aria-label={props['aria-label']}
      placeholder={ADDED_CHARGE_PLACEHOLDER}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      className={cn(
        'h-8 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 placeholder:text-slate-400 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        focusRing,
        className,
      )}
    />
  );
}

export function RemoveChargeButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label={label} title="Remove this added charge" disabled={disabled} onClick={onClick}>
      <X aria-hidden="true" />
    </Button>
  );
}
