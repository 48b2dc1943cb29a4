import type { ConfirmInvoiceInput, InvoiceMapping, ParsedInvoice } from '@contract/invoices';
import { chargeMapping, type AddedCharge } from './added-charges';
import { defaultInvoiceVendor, INVOICE_TOTAL_DESCRIPTION, invoiceTotal, lineMappings, reviewLines, type ReviewLine } from './review-lines';

/** What the user changed on one invoice in the dialog. */
export type InvoiceEdits = {
  invoiceVendor: string;
  /** Once the user picks the invoice vendor, lines without their own choice follow it. */
  invoiceVendorPicked: boolean;
  lineVendors: Record<number, string>;
  amounts: Record<number, number>;
  totalOnly: boolean;
  /** Charges the user added, written after the invoice's own lines. */
  charges: AddedCharge[];
};

export function initialEdits(invoice: ParsedInvoice): InvoiceEdits {
  return { invoiceVendor: defaultInvoiceVendor(invoice), invoiceVendorPicked: false, lineVendors: {}, amounts: {}, totalOnly: false, charges: [] };
}

export type ResolvedLine = ReviewLine & { vendor: string };

/** The lines as the user sees them now: edited amounts and chosen vendors applied. */
export function resolveLines(invoice: ParsedInvoice, edits: InvoiceEdits): ResolvedLine[] {
  return reviewLines(invoice).map((line) => ({
    ...line,
    amount: edits.amounts[line.lineNumber] ?? line.amount,
    vendor: edits.lineVendors[line.lineNumber] ?? (edits.invoiceVendorPicked ? edits.invoiceVendor : line.defaultVendor || edits.invoiceVendor),
  }));
}

export type ResolvedCharge = Omit<AddedCharge, 'vendor'> & { vendor: string };

/** The added charges, each under its own vendor or else the invoice's. */
export function resolveCharges(edits: InvoiceEdits): ResolvedCharge[] {
  return edits.charges.map((charge) => ({ ...charge, vendor: charge.vendor ?? edits.invoiceVendor }));
}

/** With 'Invoice Total Only' one line carries the invoice total under the invoice vendor. */
export function totalOnlyLine(invoice: ParsedInvoice, edits: InvoiceEdits): ResolvedLine {
  return {
    lineNumber: 1,
    description: INVOICE_TOTAL_DESCRIPTION,
    itemId: null,
    amount: invoiceTotal(invoice, resolveLines(invoice, edits)),
    defaultVendor: edits.invoiceVendor,
    vendorCandidates: [],
    vendor: edits.invoiceVendor,
  };
}

/** The amounts confirming would write now, for the tie-out note. */
export function writtenAmounts(invoice: ParsedInvoice, edits: InvoiceEdits): number[] {
  if (edits.totalOnly) return [totalOnlyLine(invoice, edits).amount];
  return [...resolveLines(invoice, edits), ...edits.charges].map((line) => line.amount);
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

/** Why the invoice cannot be confirmed yet, or null when it can. */
export function confirmBlocker(invoice: ParsedInvoice, edits: InvoiceEdits): string | null {
  const mappings = confirmMappings(invoice, edits);
  if (mappings.length === 0) return 'No lines were read from this invoice.';
  const missing = missingAmount(
    invoice,
    mappings.map((mapping) => mapping.amount),
    edits.totalOnly ? [] : edits.charges,
  );
  if (missing) return missing;
  if (mappings.some((mapping) => mapping.chosen_vendor.trim() === '')) return 'Choose a vendor for every line.';
  return null;
}

export function buildConfirmInput(
  invoice: ParsedInvoice,
  edits: InvoiceEdits,
  { sessionId, isLastInvoice }: { sessionId: string; isLastInvoice: boolean },
): ConfirmInvoiceInput {
  const invoiceVendor = edits.invoiceVendor.trim();
  return {
    parsed_invoice: invoice,
    mappings: confirmMappings(invoice, edits),
    is_last_invoice: isLastInvoice,
    session_id: sessionId,
    invoice_total_only: edits.totalOnly,
    ...(invoiceVendor ? { invoice_vendor: invoiceVendor } : {}),
  };
}
