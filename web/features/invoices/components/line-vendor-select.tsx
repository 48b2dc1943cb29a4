import { focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type LineVendorSelectProps = {
  lineNumber: number;
  /** The line's vendor now; empty when none is chosen. */
  vendor: string;
  invoiceVendor: string;
  candidates: string[];
  onChange: (vendor: string) => void;
  disabled?: boolean;
};

/** A line's vendor in the dialog: its own, the invoice's, or one of its candidates. */
export function LineVendorSelect({ lineNumber, vendor, invoiceVendor, candidates, onChange, disabled }: LineVendorSelectProps) {
  const choices = [...new Set([vendor, invoiceVendor, ...candidates].filter((name) => name.trim()))];
  return (
    <select
      aria-label={`Vendor for line ${lineNumber}`}
      value={vendor}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      className={cn(
        'h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        focusRing,
      )}
    >
      {!vendor && <option value="">Select vendor...</option>}
      {choices.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}
