import type { ConfirmInvoiceInput, CorrectableField, InvoiceMapping, ParsedInvoice } from '@contract/invoices';
import { chargeMapping, type AddedCharge } from './added-charges';
import { correctionsInput, headerBlocker, type HeaderEdits } from './corrections';
import { defaultInvoiceVendor, INVOICE_TOTAL_DESCRIPTION, invoiceTotal, lineMappings, reviewLines, type ReviewLine } from './review-lines';
import { tieOut, type TieOut } from './tie-out';

/** What the user changed on one invoice in the dialog. */
export type InvoiceEdits = {
  invoiceVendor: string;
  /** Once the user picks the invoice vendor, lines without their own choice follow it. */
  invoiceVendorPicked: boolean;
  lineVendors: Record<number, string>;
  amounts: Record<number, number>;
  /** Corrected descriptions of read lines, by line number. */
  descriptions: Record<number, string>;
  /** Read lines dropped at review (a footer or totals row read as an item), by line number. */
  removed: number[];
  totalOnly: boolean;
  /** Charges the user added, written after the invoice's own lines. */
  charges: AddedCharge[];
  /** Corrected header fields (number, dates, job, PO/reference). */
  header: HeaderEdits;
  /** Why the lines may differ from the total; null until the clerk chooses to confirm with a difference. */
  differenceReason: string | null;
};

export function initialEdits(invoice: ParsedInvoice): InvoiceEdits {
  return {
    invoiceVendor: defaultInvoiceVendor(invoice),
    invoiceVendorPicked: false,
    lineVendors: {},
    amounts: {},
    descriptions: {},
    removed: [],
    totalOnly: false,
    charges: [],
    header: {},
    differenceReason: null,
  };
}

export type ResolvedLine = ReviewLine & {
  vendor: string;
  /** The description as printed; `description` is the one in force. */
  printedDescription: string;
  readAmount: number;
  removed: boolean;
};

/** The lines as the user sees them now: edited amounts, descriptions and chosen vendors applied, removed ones marked. */
export function resolveLines(invoice: ParsedInvoice, edits: InvoiceEdits): ResolvedLine[] {
  return reviewLines(invoice).map((line) => ({
    ...line,
    description: edits.descriptions[line.lineNumber] ?? line.description,
    printedDescription: line.description,
    amount: edits.amounts[line.lineNumber] ?? line.amount,
    readAmount: line.amount,
    vendor: edits.lineVendors[line.lineNumber] ?? (edits.invoiceVendorPicked ? edits.invoiceVendor : line.defaultVendor || edits.invoiceVendor),
    removed: edits.removed.includes(line.lineNumber),
  }));
}

/** The read lines confirming writes: all but the removed ones. */
function postedLines(invoice: ParsedInvoice, edits: InvoiceEdits): ResolvedLine[] {
  return resolveLines(invoice, edits).filter((line) => !line.removed);
}

export type ResolvedCharge = Omit<AddedCharge, 'vendor'> & { vendor: string };

/** The added charges, each under its own vendor or else the invoice's. */
export function resolveCharges(edits: InvoiceEdits): ResolvedCharge[] {
  return edits.charges.map((charge) => ({ ...charge, vendor: charge.vendor ?? edits.invoiceVendor }));
}

/** With 'Invoice Total Only' one line carries the invoice total under the invoice vendor. */
export function totalOnlyLine(invoice: ParsedInvoice, edits: InvoiceEdits): ResolvedLine {
  const amount = invoiceTotal(invoice, postedLines(invoice, edits));
  return {
    lineNumber: 1,
    description: INVOICE_TOTAL_DESCRIPTION,
    printedDescription: INVOICE_TOTAL_DESCRIPTION,
    itemId: null,
    amount,
    readAmount: amount,
    defaultVendor: edits.invoiceVendor,
    vendorCandidates: [],
    vendor: edits.invoiceVendor,
    removed: false,
  };
}

/** The amounts confirming would write now, for the tie-out note (removed lines write nothing). */
export function writtenAmounts(invoice: ParsedInvoice, edits: InvoiceEdits): number[] {
  if (edits.totalOnly) return [totalOnlyLine(invoice, edits).amount];
  return [...postedLines(invoice, edits), ...edits.charges].map((line) => line.amount);
}

/** Whether the lines confirming would write add up to the invoice total. */
function invoiceTieOut(invoice: ParsedInvoice, edits: InvoiceEdits): TieOut {
  return tieOut(invoice, writtenAmounts(invoice, edits));
}

/**
 * Whether the lines differ from the total in a way the server's gate refuses (decision 036): not
 * with Invoice Total Only, where one line carries the total, and not when no total was read.
 */
export function differsFromTotal(invoice: ParsedInvoice, edits: InvoiceEdits): boolean {
  return !edits.totalOnly && invoiceTieOut(invoice, edits).status === 'differs';
}

function confirmMappings(invoice: ParsedInvoice, edits: InvoiceEdits): InvoiceMapping[] {
  if (edits.totalOnly) return lineMappings(invoice, [totalOnlyLine(invoice, edits)]);
  const charges = resolveCharges(edits).map((charge) => chargeMapping(invoice, charge, charge.vendor));
  return [...lineMappings(invoice, resolveLines(invoice, edits)), ...charges];
}

/**
 * An amount the user still has to type: a bill read without its lines or total offers one line
 * at 0 (the amount to post), and an added charge starts at 0 when no total was read.
 */
export function missingAmount(
  invoice: Pick<ParsedInvoice, 'total_amount'>,
  written: number[],
  charges: Pick<AddedCharge, 'amount'>[],
): string | null {
  if (invoice.total_amount === null && written.every((amount) => amount === 0)) return 'Enter the amount to post: no total was read.';
  if (charges.some((charge) => charge.amount === 0)) return 'Enter the amount of every added charge.';
  return null;
}

export const TIE_OUT_BLOCKER = 'The lines do not add up to the invoice total: fix them, or confirm with a difference and say why.';
export const REASON_BLOCKER = 'Say why the lines may differ from the total.';

/** Why the invoice cannot be confirmed yet, or null when it can. */
export function confirmBlocker(invoice: ParsedInvoice, edits: InvoiceEdits): string | null {
  const header = headerBlocker(edits.header);
  if (header) return header;
  const mappings = confirmMappings(invoice, edits);
  const posted = mappings.filter((mapping) => !mapping.removed);
  if (mappings.length === 0) return 'No lines were read from this invoice.';
  if (posted.length === 0) return 'Every line is removed: put one back or add a charge.';
  const missing = missingAmount(
    invoice,
    posted.map((mapping) => mapping.amount),
    edits.totalOnly ? [] : edits.charges,
  );
  if (missing) return missing;
  if (posted.some((mapping) => mapping.chosen_vendor.trim() === '')) return 'Choose a vendor for every line.';
  if (differsFromTotal(invoice, edits)) {
    if (edits.differenceReason === null) return TIE_OUT_BLOCKER;
    if (!edits.differenceReason.trim()) return REASON_BLOCKER;
  }
  return null;
}

/** Edits with one header field as the clerk typed it. */
export function withHeaderField(edits: InvoiceEdits, field: CorrectableField, value: string): InvoiceEdits {
  return { ...edits, header: { ...edits.header, [field]: value } };
}

/** Edits with a read line dropped, or put back. */
export function withLineRemoved(edits: InvoiceEdits, lineNumber: number, removed: boolean): InvoiceEdits {
  const others = edits.removed.filter((line) => line !== lineNumber);
  return { ...edits, removed: removed ? [...others, lineNumber] : others };
}

export function buildConfirmInput(
  invoice: ParsedInvoice,
  edits: InvoiceEdits,
  { sessionId, isLastInvoice }: { sessionId: string; isLastInvoice: boolean },
): ConfirmInvoiceInput {
  const invoiceVendor = edits.invoiceVendor.trim();
  const corrections = correctionsInput(invoice, edits.header);
  // A reason is sent only while the lines differ: once they tie there is nothing to accept.
  const reason = differsFromTotal(invoice, edits) ? edits.differenceReason?.trim() : undefined;
  return {
    parsed_invoice: invoice,
    mappings: confirmMappings(invoice, edits),
    is_last_invoice: isLastInvoice,
    session_id: sessionId,
    invoice_total_only: edits.totalOnly,
    ...(invoiceVendor ? { invoice_vendor: invoiceVendor } : {}),
    ...(corrections ? { corrections } : {}),
    ...(reason ? { accept_difference: { reason } } : {}),
  };
}
