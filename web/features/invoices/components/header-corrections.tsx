import { isCalendarDate, type CorrectableField, type ParsedInvoice } from '@contract/invoices';
import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { HEADER_FIELDS, headerValue, readValue, type HeaderEdits } from '../lib/corrections';

type HeaderCorrectionsProps = {
  invoice: ParsedInvoice;
  /** What the clerk typed per field; a field absent here shows the value as read. */
  edits: HeaderEdits;
  onChange: (field: CorrectableField, value: string) => void;
  disabled?: boolean;
};

const fieldClass =
  'h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 placeholder:text-slate-400 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * The invoice's header fields, each correctable at review (docs/product-rules.md, Invoices). A
 * changed field shows the value as read beneath it, so the clerk sees what the correction replaces
 * and can put it back. Dates are typed yyyy-mm-dd, the form the server takes and the workbook writes.
 */
export function HeaderCorrections({ invoice, edits, onChange, disabled }: HeaderCorrectionsProps) {
  const id = useId();
  return (
    <fieldset disabled={disabled} className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Invoice details</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {HEADER_FIELDS.map(({ field, label, kind }) => {
          const inputId = `${id}-${field}`;
          const value = headerValue(invoice, edits, field);
          const read = readValue(invoice, field);
          const changed = value.trim() !== read.trim();
          const invalid = kind === 'date' && value.trim() !== '' && !isCalendarDate(value.trim());
          const describedBy = [invalid && `${inputId}-error`, changed && `${inputId}-read`].filter(Boolean).join(' ') || undefined;
          return (
            <div key={field} className="min-w-0 space-y-1">
              <Label htmlFor={inputId}>{label}</Label>
              <input
                id={inputId}
                type="text"
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                placeholder={kind === 'date' ? 'yyyy-mm-dd' : 'Not read'}
                value={value}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                onChange={(event) => onChange(field, event.target.value)}
                className={cn(fieldClass, invalid && 'border-red-500 dark:border-red-500', focusRing)}
              />
              {invalid && (
                <p id={`${inputId}-error`} className="text-xs text-red-700 dark:text-red-400">
                  Write a real date as yyyy-mm-dd.
                </p>
              )}
              {changed && (
                <p id={`${inputId}-read`} className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                  <span className="truncate">Read: {read || 'N/A'}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={`${label}: put back as read`}
                    title="Put back the value as read"
                    onClick={() => onChange(field, read)}
                  >
                    <Undo2 aria-hidden="true" />
                  </Button>
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
