import type { ParsedInvoice } from '@contract/invoices';
import { addChargeLabel, canAddCharge, type TieOutDifference } from './added-charges';
import { batchEditOf, batchRows, postedRows, type BatchEdit, type BatchEdits, type BatchRow } from './batch';
import { headerBlocker } from './corrections';
import { formatCurrency } from './format';
import { missingAmount } from './invoice-edits';
import { removableLines, tieOut } from './tie-out';

/**
 * The difference that stops this invoice being confirmed unless the clerk says why: the posted
 * lines (read lines not removed, edited amounts, added charges) against the printed total, as the
 * server's gate counts them. None with Invoice Total Only or when no total was read.
 */
export function tieOutGap(invoice: ParsedInvoice, edit: BatchEdit, rows = batchRows(invoice, edit)): TieOutDifference | null {
  if (edit.totalOnly) return null;
  const result = tieOut(
    invoice,
    postedRows(rows).map((row) => row.amount),
  );
  return result.status === 'differs' ? result : null;
}

/** The read line whose removal fits the gap best (a footer or total row read as an item), if any. */
export function lineToRemove(rows: BatchRow[], gap: TieOutDifference): BatchRow | null {
  const readLines = postedRows(rows).filter((row) => row.read);
  const [best] = removableLines(gap, readLines);
  return readLines.find((row) => row.lineNumber === best) ?? null;
}

/** The fixes that fit, as the blocker says them: 'Remove line 3, add the tax as a charge, edit an amount, or confirm with a difference.' */
function fixesText(rows: BatchRow[], edit: BatchEdit, gap: TieOutDifference): string {
  const removable = lineToRemove(rows, gap);
  const fixes = [
    ...(removable ? [`remove line ${removable.lineNumber}`] : []),
    // Lines over the total by a line read in error: removing it is the fix, not a negative charge.
    ...(canAddCharge(edit.charges) && !(removable && gap.difference < 0) ? [addChargeLabel(gap).toLowerCase()] : []),
    'edit an amount',
  ];
  const sentence = `${fixes.join(', ')}, or confirm with a difference and say why.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function invoiceLabel(invoice: ParsedInvoice): string {
  return `Invoice ${invoice.invoice_number ?? invoice.source_filename}`;
}

/** Why this invoice cannot be confirmed yet, naming it; null when it can. */
function invoiceBlocker(invoice: ParsedInvoice, edit: BatchEdit): string | null {
  const name = invoiceLabel(invoice);
  const header = headerBlocker(edit.header);
  if (header) return `${name}: ${header}`;
  const rows = batchRows(invoice, edit);
  const missing = missingAmount(
    invoice,
    postedRows(rows).map((row) => row.amount),
    edit.totalOnly ? [] : edit.charges,
  );
  if (missing) return `${name}: ${missing}`;
  const gap = tieOutGap(invoice, edit, rows);
  if (!gap) return null;
  if (edit.differenceReason !== null) return edit.differenceReason.trim() ? null : `${name}: Say why the lines may differ from the total.`;
  const money = (amount: number) => formatCurrency(amount, invoice.currency);
  return `${name}: its lines come to ${money(gap.linesTotal)} but its total is ${money(gap.invoiceTotal)} (difference ${money(Math.abs(gap.difference))}). ${fixesText(rows, edit, gap)}`;
}

/** Every invoice that cannot be confirmed yet, with why, in grid order. */
export function batchBlockers(invoices: ParsedInvoice[], edits: BatchEdits): Array<{ invoiceId: string; message: string }> {
  return invoices.flatMap((invoice) => {
    const message = invoiceBlocker(invoice, batchEditOf(edits, invoice));
    return message ? [{ invoiceId: invoice.invoice_id, message }] : [];
  });
}

/** The first invoice that cannot be confirmed yet, said with its number; null when the batch can be confirmed. */
export function batchBlocker(invoices: ParsedInvoice[], edits: BatchEdits): string | null {
  return batchBlockers(invoices, edits)[0]?.message ?? null;
}

/** The reason sent with an invoice whose lines still differ from its total; none once they tie. */
export function acceptDifferenceInput(invoice: ParsedInvoice, edit: BatchEdit): { reason: string } | undefined {
  const reason = edit.differenceReason?.trim();
  return reason && tieOutGap(invoice, edit) ? { reason } : undefined;
}
