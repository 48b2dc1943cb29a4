import type { InvoiceMapping, ParsedInvoice, UploadInvoicesResult } from '@contract/invoices';
import { invoiceTotal, reviewLines } from './review-lines';

/** One row of the confirmation grid: a line of an invoice with its default vendor. */
export type BatchRow = {
  key: string;
  invoice: ParsedInvoice;
  lineNumber: number;
  description: string;
  vendor: string;
  amount: number;
};

export type BatchSummary = {
  succeeded: UploadInvoicesResult[];
  failed: UploadInvoicesResult[];
  invoices: ParsedInvoice[];
  totalAmount: number;
  rows: BatchRow[];
};

export function summarizeBatch(results: UploadInvoicesResult[]): BatchSummary {
  const succeeded = results.filter((result) => result.success);
  const invoices = succeeded.flatMap((result) => result.parsed_invoices);
  const rows = invoices.flatMap((invoice) =>
    reviewLines(invoice).map((line) => ({
      key: `${invoice.invoice_id}-${line.lineNumber}`,
      invoice,
      lineNumber: line.lineNumber,
      description: line.description,
      vendor: line.defaultVendor,
      amount: line.amount,
    })),
  );
  return {
    succeeded,
    failed: results.filter((result) => !result.success),
    invoices,
    totalAmount: invoices.reduce((sum, invoice) => sum + invoiceTotal(invoice), 0),
    rows,
  };
}

/** confirm-invoices needs to know which invoice each line belongs to. */
export function batchMappings(rows: BatchRow[]): InvoiceMapping[] {
  return rows.map((row) => ({
    invoice_id: row.invoice.invoice_id,
    line_number: row.lineNumber,
    invoice_number: row.invoice.invoice_number,
    amount: row.amount,
    chosen_vendor: row.vendor,
  }));
}

/** 'Upload Complete' text: N processed successfully and, if any, M failed. */
export function uploadCompleteText(summary: Pick<BatchSummary, 'succeeded' | 'failed'>): string {
  const done = `${summary.succeeded.length} invoice(s) processed successfully`;
  return summary.failed.length > 0 ? `${done}, ${summary.failed.length} failed` : done;
}

/** A failed file's reason without its name, which the list shows beside it ('notes.txt: ...' from the server). */
export function failureReason({ filename, error }: UploadInvoicesResult): string {
  if (!error) return 'Unknown error occurred';
  return error.startsWith(`${filename}: `) ? error.slice(filename.length + 2) : error;
}
