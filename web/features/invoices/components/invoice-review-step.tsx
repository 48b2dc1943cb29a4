import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { useInvoiceReview } from '../hooks/use-invoice-review';
import { confirmBlocker } from '../lib/invoice-edits';
import type { VendorOption } from '../lib/vendor-options';
import { InvoiceConfirmationPanel } from './invoice-confirmation-panel';
import { InvoicePreviewPanel } from './invoice-preview-panel';

type InvoiceReviewStepProps = {
  review: ReturnType<typeof useInvoiceReview>;
  vendors: VendorOption[];
  confirming: boolean;
  onConfirm: () => void;
  onAddMore: () => void;
};

/**
 * Enter in one of the review's fields confirms the invoice, so it can be done without a mouse. Not
 * from a textarea (a new line), a button or link (which Enter presses), a select, or the vendor
 * picker's search (Enter picks a vendor there; its popover is outside this element in the DOM,
 * though React passes its keys up through here).
 */
function confirmsOnEnter(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return false;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target;
  return target instanceof HTMLInputElement && event.currentTarget.contains(target) && target.getAttribute('role') !== 'combobox';
}

/** Step 2: one invoice at a time, what was read on the left and the user's choices on the right. */
export function InvoiceReviewStep({ review, vendors, confirming, onConfirm, onAddMore }: InvoiceReviewStepProps) {
  const blockerId = useId();
  const { current, index, invoices } = review;
  if (!current) return null;
  const edits = review.editsOf(current);
  const confirmed = review.isConfirmed(current);
  const blocker = confirmed ? null : confirmBlocker(current, edits);
  const canConfirm = !confirming && !confirmed && blocker === null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!confirmsOnEnter(event)) return;
    event.preventDefault();
    if (canConfirm) onConfirm();
  };

  return (
    <div className="space-y-4" onKeyDown={onKeyDown}>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" aria-label="Previous invoice" disabled={index === 0} onClick={() => review.go(index - 1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <span aria-live="polite" className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Invoice {index + 1} of {invoices.length}
        </span>
        <Button variant="outline" size="icon" aria-label="Next invoice" disabled={index >= invoices.length - 1} onClick={() => review.go(index + 1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
        <span className="truncate text-xs text-slate-500 dark:text-slate-400">{current.source_filename}</span>
        {confirmed && <Badge variant="success">Confirmed</Badge>}
        <div className="ml-auto flex gap-2">
          <Button variant="outline" disabled={confirming} onClick={onAddMore}>
            <Plus aria-hidden="true" />
            Add More
          </Button>
          <Button disabled={!canConfirm} aria-describedby={blocker ? blockerId : undefined} onClick={onConfirm}>
            {confirming ? 'Confirming...' : 'Confirm Invoice'}
          </Button>
        </div>
      </div>
      {blocker && (
        <p id={blockerId} role="note" className="text-sm text-amber-700 dark:text-amber-400">
          {blocker}
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <InvoicePreviewPanel invoice={current} />
        <InvoiceConfirmationPanel
          key={current.invoice_id}
          invoice={current}
          edits={edits}
          vendors={vendors}
          disabled={confirming || confirmed}
          onEdit={(change) => review.edit(current, change)}
        />
      </div>
    </div>
  );
}
