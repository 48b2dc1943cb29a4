import { Button, focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** The server keeps at most this much of a reason (contract/invoices.ts, accept_difference). */
const MAX_REASON_LENGTH = 500;

type DifferenceReasonProps = {
  /** null until the clerk chooses to confirm with a difference. */
  reason: string | null;
  onChange: (reason: string | null) => void;
  /** Ties the toggle to the field it reveals. */
  fieldId: string;
  disabled?: boolean;
};

/**
 * The last of the tie-out fixes: confirm lines that differ from the total, saying why. Pressed
 * again it takes the reason back, and Confirm waits for the lines to tie once more.
 */
export function DifferenceReasonToggle({ reason, onChange, fieldId, disabled }: DifferenceReasonProps) {
  const open = reason !== null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-auto min-h-8 py-1.5"
      aria-expanded={open}
      aria-controls={open ? fieldId : undefined}
      disabled={disabled}
      onClick={() => onChange(open ? null : '')}
    >
      Confirm with a difference…
    </Button>
  );
}

/** Where the clerk says why the lines may differ; the reason is printed on the Summary sheet. */
export function DifferenceReasonField({ reason, onChange, fieldId, disabled }: DifferenceReasonProps) {
  if (reason === null) return null;
  return (
    <div className="space-y-1">
      <Label htmlFor={fieldId}>Reason for the difference</Label>
      <textarea
        id={fieldId}
        // Revealed by the clerk's own press: the field is where they carry on.
        autoFocus
        rows={2}
        maxLength={MAX_REASON_LENGTH}
        value={reason}
        disabled={disabled}
        aria-describedby={`${fieldId}-hint`}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          focusRing,
        )}
      />
      <p id={`${fieldId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        Printed on the Summary sheet beside the invoice. Confirm is enabled once a reason is given.
      </p>
    </div>
  );
}
