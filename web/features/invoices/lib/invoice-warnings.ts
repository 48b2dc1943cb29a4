import type { InvoiceFieldName, ParsedInvoice } from '@contract/invoices';

/** Below this the reader is unsure enough that the user should look at the field. */
const LOW_CONFIDENCE = 0.6;

const FIELD_LABELS: Record<InvoiceFieldName, string> = {
  vendor: 'Vendor',
  invoice_number: 'Invoice Number',
  invoice_date: 'Date',
  due_date: 'Due Date',
  total_amount: 'Total Amount',
  job_number: 'Job Number',
  reference: 'Reference/PO',
};

/** What the user should double-check on this invoice, most specific first. */
export function invoiceWarnings(invoice: ParsedInvoice): string[] {
  const low = (Object.entries(invoice.fields) as Array<[InvoiceFieldName, { confidence: number } | undefined]>)
    .filter(([, evidence]) => evidence && evidence.confidence < LOW_CONFIDENCE)
    .map(([field]) => `Low confidence: ${FIELD_LABELS[field]}`);
  const failed = invoice.checks.filter((check) => !check.passed).map((check) => check.message);
  return [...new Set([...low, ...failed, ...invoice.warnings])];
}
