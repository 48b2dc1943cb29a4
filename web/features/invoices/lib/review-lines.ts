import type { InvoiceMapping, ParsedInvoice } from '@contract/invoices';

/** One line the user reviews: a printed line item, or the invoice total when none were read. */
export type ReviewLine = {
  lineNumber: number;
  description: string;
  itemId: string | null;
  amount: number;
  /** The vendor this line maps to before the user changes anything. */
  defaultVendor: string;
  vendorCandidates: string[];
};

export const INVOICE_TOTAL_DESCRIPTION = 'Invoice total';

/** The first vendor candidate, or the printed vendor name when there is none (docs/product-rules.md, Invoices). */
export function defaultInvoiceVendor(invoice: ParsedInvoice): string {
  return invoice.vendor_candidates[0] ?? invoice.vendor_name ?? '';
}

/** The lines of an invoice, joined with the server's default mapping (invoice_lines). */
export function reviewLines(invoice: ParsedInvoice): ReviewLine[] {
  const invoiceVendor = defaultInvoiceVendor(invoice);
  const mappedVendor = new Map(invoice.invoice_lines.map((line) => [line.line_number, line.vendor_name]));
  if (invoice.line_items.length > 0) {
    return invoice.line_items.map((item) => ({
      lineNumber: item.line_number,
      description: item.description,
      itemId: item.id,
      amount: item.amount,
      defaultVendor: item.vendor_candidates[0] ?? mappedVendor.get(item.line_number) ?? invoiceVendor,
      vendorCandidates: item.vendor_candidates,
    }));
  }
  return invoice.invoice_lines.map((line) => ({
    lineNumber: line.line_number,
    description: INVOICE_TOTAL_DESCRIPTION,
    itemId: null,
    amount: line.amount,
    defaultVendor: line.vendor_name ?? invoiceVendor,
    vendorCandidates: [],
  }));
}

/** The invoice's amount due, or the sum of its lines when no total was read. */
export function invoiceTotal(invoice: ParsedInvoice, lines: Pick<ReviewLine, 'amount'>[] = reviewLines(invoice)): number {
  return invoice.total_amount ?? lines.reduce((sum, line) => sum + line.amount, 0);
}

/** A line as the clerk leaves it: vendor chosen, and maybe a corrected description or dropped altogether. */
type MappedLine = Pick<ReviewLine, 'lineNumber' | 'amount'> & {
  vendor: string;
  /** The description as printed, to tell whether the clerk corrected it. */
  printedDescription?: string;
  description?: string;
  /** Dropped at review: sent with its read amount, so the server keeps what was read beside the correction. */
  removed?: boolean;
  readAmount?: number;
};

/** Mappings for the lines as shown, in the confirm calls' shape. */
export function lineMappings(invoice: ParsedInvoice, lines: MappedLine[]): InvoiceMapping[] {
  return lines.map((line) => {
    const base = { line_number: line.lineNumber, invoice_number: invoice.invoice_number };
    // A removed line needs no vendor: nothing is written for it.
    if (line.removed) return { ...base, amount: line.readAmount ?? line.amount, chosen_vendor: '', removed: true };
    const description = line.description?.trim() ?? '';
    // Only a real change is sent: empty means 'as printed' to the server.
    const corrected = description !== '' && line.printedDescription !== undefined && description !== line.printedDescription.trim();
    return { ...base, amount: line.amount, chosen_vendor: line.vendor, ...(corrected ? { description } : {}) };
  });
}
