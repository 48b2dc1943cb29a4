import type { ParsedInvoice } from '@contract/invoices';
import { useId } from 'react';
import { canAddCharge, type ChargeOffer } from '../lib/added-charges';
import { differsFromTotal, resolveLines, writtenAmounts, type InvoiceEdits } from '../lib/invoice-edits';
import { DifferenceReasonField, DifferenceReasonToggle } from './difference-reason';
import { TieOutNote } from './tie-out-note';

type TieOutGateProps = {
  invoice: ParsedInvoice;
  edits: InvoiceEdits;
  onEdit: (change: (edits: InvoiceEdits) => InvoiceEdits) => void;
  onAddCharge: (offer: ChargeOffer) => void;
  onRemoveLine: (lineNumber: number) => void;
  disabled?: boolean;
};

/**
 * Whether the lines tie out and, while they do not, the fixes that fit: remove the line that is
 * the total or the difference, add the missing charge, or confirm with a difference and say why
 * (the server refuses the invoice otherwise, decision 036). Invoice Total Only needs none of them.
 */
export function TieOutGate({ invoice, edits, onEdit, onAddCharge, onRemoveLine, disabled }: TieOutGateProps) {
  const id = useId();
  const gated = differsFromTotal(invoice, edits);
  const editable = !disabled && !edits.totalOnly;
  const reason = {
    reason: edits.differenceReason,
    onChange: (value: string | null) => onEdit((current) => ({ ...current, differenceReason: value })),
    fieldId: `${id}-reason`,
    disabled,
  };
  return (
    <div className="space-y-2">
      <TieOutNote
        invoice={invoice}
        amounts={writtenAmounts(invoice, edits)}
        onAddCharge={editable && canAddCharge(edits.charges) ? onAddCharge : undefined}
        readLines={resolveLines(invoice, edits).filter((line) => !line.removed)}
        onRemoveLine={editable ? onRemoveLine : undefined}
      >
        {gated && <DifferenceReasonToggle {...reason} />}
      </TieOutNote>
      {gated && <DifferenceReasonField {...reason} />}
    </div>
  );
}
