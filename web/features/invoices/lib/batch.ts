import type { InvoiceMapping, ParsedInvoice, UploadInvoicesResult } from '@contract/invoices';
import { defaultInvoiceVendor, INVOICE_TOTAL_DESCRIPTION, invoiceTotal, reviewLines } from './review-lines';

/** One row of the confirmation grid: a line confirming will write for an invoice. */
export type BatchRow = {
  key: string;
  lineNumber: number;
  description: string;
  vendor: string;
  amount: number;
};

/** What the user changed on one invoice of the grid. */
export type BatchEdit = { amounts: Record<number, number>; totalOnly: boolean };
/** By invoice_id. */
export type BatchEdits = Record<string, BatchEdit>;

const NO_EDIT: BatchEdit = { amounts: {}, totalOnly: false };

export type BatchSummary = {
  succeeded: UploadInvoicesResult[];
  failed: UploadInvoicesResult[];
  invoices: ParsedInvoice[];
  /** The invoices' totals added up per currency, in the order the currencies first appear. */
  totals: Array<{ currency: string; amount: number }>;
};

export function summarizeBatch(results: UploadInvoicesResult[]): BatchSummary {
  const succeeded = results.filter((result) => result.success);
  const invoices = succeeded.flatMap((result) => result.parsed_invoices);
  const totals = new Map<string, number>();
  for (const invoice of invoices) totals.set(invoice.currency, (totals.get(invoice.currency) ?? 0) + invoiceTotal(invoice));
  return {
    succeeded,
    failed: results.filter((result) => !result.success),
    invoices,
    totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
  };
}

export function batchEditOf(edits: BatchEdits, invoice: ParsedInvoice): BatchEdit {
  return edits[invoice.invoice_id] ?? NO_EDIT;
}

export function changeBatchEdit(edits: BatchEdits, invoice: ParsedInvoice, change: (edit: BatchEdit) => BatchEdit): BatchEdits {
  return { ...edits, [invoice.invoice_id]: change(batchEditOf(edits, invoice)) };
}

/** The lines confirming writes for one invoice: its lines with the user's amounts, or its total alone. */
export function batchRows(invoice: ParsedInvoice, edit: BatchEdit): BatchRow[] {
  const lines = reviewLines(invoice).map((line) => ({
    key: `${invoice.invoice_id}-${line.lineNumber}`,
    lineNumber: line.lineNumber,
    description: line.description,
    vendor: line.defaultVendor,
    amount: edit.amounts[line.lineNumber] ?? line.amount,
  }));
  if (!edit.totalOnly) return lines;
  const amount = invoiceTotal(invoice, lines);
  return [
    { key: `${invoice.invoice_id}-total`, lineNumber: 1, description: INVOICE_TOTAL_DESCRIPTION, vendor: defaultInvoiceVendor(invoice), amount },
  ];
}

/** confirm-invoices needs to know which invoice each line belongs to, and which invoices post their total alone. */
export function batchMappings(invoices: ParsedInvoice[], edits: BatchEdits): InvoiceMapping[] {
  return invoices.flatMap((invoice) => {
    const edit = batchEditOf(edits, invoice);
    return batchRows(invoice, edit).map((row) => ({
      invoice_id: invoice.invoice_id,
      line_number: row.lineNumber,
      invoice_number: invoice.invoice_number,
      amount: row.amount,
      chosen_vendor: row.vendor,
      ...(edit.totalOnly ? { invoice_total_only: true } : {}),
    }));
  });
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
