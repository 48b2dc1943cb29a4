import type { Ref } from 'react';
import type { ResolvedCharge } from '../lib/invoice-edits';
import { AmountInput } from './amount-input';
import { ChargeDescriptionInput, RemoveChargeButton } from './added-charge-fields';
import { LineVendorSelect } from './line-vendor-select';

type AddedChargeItemProps = {
  charge: ResolvedCharge;
  invoiceVendor: string;
  /** The invoice's vendor candidates, offered beside its vendor. */
  candidates: string[];
  currency: string;
  onChange: (change: { description?: string; amount?: number; vendor?: string }) => void;
  onRemove: () => void;
  descriptionRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
};

/** A charge the user added in the dialog: description, amount and vendor, each editable, and a way to take it out. */
export function AddedChargeItem({ charge, invoiceVendor, candidates, currency, onChange, onRemove, descriptionRef, disabled }: AddedChargeItemProps) {
  const line = charge.lineNumber;
  return (
    <li className="space-y-2 rounded-md border border-dashed border-blue-300 bg-blue-50/40 p-3 text-sm dark:border-blue-800 dark:bg-blue-950/20">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-blue-800 dark:text-blue-300">Added charge (line {line})</span>
        <RemoveChargeButton label={`Remove added charge line ${line}`} disabled={disabled} onClick={onRemove} />
      </div>
      <ChargeDescriptionInput
        aria-label={`Description for line ${line}`}
        value={charge.description}
        disabled={disabled}
        inputRef={descriptionRef}
        onChange={(description) => onChange({ description })}
        className="w-full"
      />
      <div className="flex items-center gap-2">
        <AmountInput
          aria-label={`Amount for line ${line}`}
          value={charge.amount}
          currency={currency}
          disabled={disabled}
          onChange={(amount) => onChange({ amount })}
        />
        <LineVendorSelect
          lineNumber={line}
          vendor={charge.vendor}
          invoiceVendor={invoiceVendor}
          candidates={candidates}
          disabled={disabled}
          onChange={(vendor) => onChange({ vendor })}
        />
      </div>
    </li>
  );
}
