import type { InvoiceMapping, ParsedInvoice, UploadInvoicesResult } from '@contract/invoices';
import { chargeMapping, type AddedCharge } from './added-charges';
import { missingAmount } from './invoice-edits';
import { defaultInvoiceVendor, INVOICE_TOTAL_DESCRIPTION, invoiceTotal, reviewLines } from './review-lines';

/** One row of the confirmation grid: a line confirming will write for an invoice. */
export type BatchRow = {
  key: string;
  lineNumber: number;
  description: string;
  vendor: string;
  amount: number;
  /** Set on a charge the user added. */
  charge?: AddedCharge;
};

/** What the user changed on one invoice of the grid. */
export type BatchEdit = { amounts: Record<number, number>; totalOnly: boolean; charges: AddedCharge[] };
/** By invoice_id. */
export type BatchEdits = Record<string, BatchEdit>;

const NO_EDIT: BatchEdit = { amounts: {}, totalOnly: false, charges: [] };

export type BatchSummary = {
  succeeded: UploadInvoicesResult[];
  failed: UploadInvoicesResult[];
  /** Each invoice once, though two files held it (the same bytes twice), under the name given last. */
  invoices: ParsedInvoice[];
  /** Files whose invoices all came in an earlier file of the batch: the same document again. */
  repeats: Array<{ filename: string; sameAs: string }>;
  /** The invoices' totals added up per currency, in the order the currencies first appear. */
  totals: Array<{ currency: string; amount: number }>;
};

export function summarizeBatch(results: UploadInvoicesResult[]): BatchSummary {
  const succeeded = results.filter((result) => result.success);
  // A Map keeps each invoice where it first came and takes the later copy's name.
  const byId = new Map<string, ParsedInvoice>();
  const firstFile = new Map<string, string>();
  const repeats: BatchSummary['repeats'] = [];
  for (const result of succeeded) {
    const earlier = result.parsed_invoices.map((invoice) => firstFile.get(invoice.invoice_id));
    const [sameAs] = earlier;
    if (sameAs && earlier.every((name) => name !== undefined)) repeats.push({ filename: result.filename, sameAs });
    for (const invoice of result.parsed_invoices) {
      byId.set(invoice.invoice_id, invoice);
      if (!firstFile.has(invoice.invoice_id)) firstFile.set(invoice.invoice_id, result.filename);
    }
  }
  const invoices = [...byId.values()];
  const totals = new Map<string, number>();
  for (const invoice of invoices) totals.set(invoice.currency, (totals.get(invoice.currency) ?? 0) + invoiceTotal(invoice));
  return {
    succeeded,
    failed: results.filter((result) => !result.success),
    invoices,
    repeats,
    totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
  };
}

export function batchEditOf(edits: BatchEdits, invoice: ParsedInvoice): BatchEdit {
  return edits[invoice.invoice_id] ?? NO_EDIT;
}

export function changeBatchEdit(edits: BatchEdits, invoice: ParsedInvoice, change: (edit: BatchEdit) => BatchEdit): BatchEdits {
  return { ...edits, [invoice.invoice_id]: change(batchEditOf(edits, invoice)) };
}

/**
 * The lines confirming writes for one invoice: its lines with the user's amounts and the charges
 * the user added (under the invoice's vendor unless chosen otherwise), or its total alone.
 */
export function batchRows(invoice: ParsedInvoice, edit: BatchEdit): BatchRow[] {
  const lines: BatchRow[] = reviewLines(invoice).map((line) => ({
    key: `${invoice.invoice_id}-${line.lineNumber}`,
    lineNumber: line.lineNumber,
    description: line.description,
    vendor: line.defaultVendor,
    amount: edit.amounts[line.lineNumber] ?? line.amount,
  }));
  if (!edit.totalOnly) {
    const charges = edit.charges.map((charge) => ({
      key: `${invoice.invoice_id}-added-${charge.lineNumber}`,
      lineNumber: charge.lineNumber,
      description: charge.description,
      vendor: charge.vendor ?? defaultInvoiceVendor(invoice),
      amount: charge.amount,
      charge,
    }));
    return [...lines, ...charges];
  }
  const amount = invoiceTotal(invoice, lines);
  return [
    { key: `${invoice.invoice_id}-total`, lineNumber: 1, description: INVOICE_TOTAL_DESCRIPTION, vendor: defaultInvoiceVendor(invoice), amount },
  ];
}

/** confirm-invoices needs to know which invoice each line belongs to, which invoices post their total alone, and which lines were added. */
export function batchMappings(invoices: ParsedInvoice[], edits: BatchEdits): InvoiceMapping[] {
  return invoices.flatMap((invoice) => {
    const edit = batchEditOf(edits, invoice);
    return batchRows(invoice, edit).map((row): InvoiceMapping => {
      if (row.charge) return { invoice_id: invoice.invoice_id, ...chargeMapping(invoice, row.charge, row.vendor) };
      return {
        invoice_id: invoice.invoice_id,
        line_number: row.lineNumber,
        invoice_number: invoice.invoice_number,
        amount: row.amount,
        chosen_vendor: row.vendor,
        ...(edit.totalOnly ? { invoice_total_only: true } : {}),
      };
    });
  });
}

/** The first invoice that still needs an amount typed, said with its number; null when the batch can be confirmed. */
export function batchBlocker(invoices: ParsedInvoice[], edits: BatchEdits): string | null {
  for (const invoice of invoices) {
    const edit = batchEditOf(edits, invoice);
    const missing = missingAmount(
      invoice,
      batchRows(invoice, edit).map((row) => row.amount),
      edit.totalOnly ? [] : edit.charges,
    );
    if (missing) return `Invoice ${invoice.invoice_number ?? invoice.source_filename}: ${missing}`;
  }
  return null;
}

/** 'Upload Complete' text: N processed successfully and, if any, M failed. */
export function uploadCompleteText(summary: Pick<BatchSummary, 'succeeded' | 'failed'>): string {
  const done = `${summary.succeeded.length} invoice(s) processed successfully`;
  return summary.failed.length > 0 ? `${done}, ${summary.failed.length} failed` : done;
}

/** A failed file's reason without its name, which the list shows beside it ('notes.txt: ...' from the server). */
export function failureReason({ filename, error }: UploadInvoicesResult): string {
  return withoutFileName(error, filename) || 'Unknown error occurred';
}

/** The server names the file at the start of its message; where the file is named already, say it once. */
export function withoutFileName(message: string | null | undefined, filename: string): string | undefined {
  if (!message) return undefined;
  return message.startsWith(`${filename}: `) ? message.slice(filename.length + 2) : message;
}
