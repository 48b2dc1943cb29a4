import type { ExtractedInvoice } from './types';

/**
 * Whether what was read is an invoice at all: a bill carries something to pay or to book, so at
 * least one of an invoice number, an amount due or a priced line must have been found. A vendor
 * name and a date alone are what any letter or set of meeting notes has.
 */
export function looksLikeInvoice(invoice: ExtractedInvoice): boolean {
  return invoice.invoiceNumber !== null || invoice.totalAmount !== null || invoice.lineItems.length > 0;
}
