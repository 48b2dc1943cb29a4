import type { InvoiceMapping, ParsedInvoice, UploadInvoicesResult } from '@contract/invoices';
import { chargeMapping, type AddedCharge } from './added-charges';
import type { HeaderEdits } from './corrections';
import { defaultInvoiceVendor, INVOICE_TOTAL_DESCRIPTION, invoiceTotal, reviewLines } from './review-lines';

/** One row of the confirmation grid: a line confirming will write for an invoice, or a read line the clerk removed. */
export type BatchRow = {
  key: string;
  lineNumber: number;
  description: string;
  vendor: string;
  amount: number;
  /** Set on a read line: what was printed, so an unchanged description or a removed line is sent as read. */
  read?: { description: string; amount: number };
  /** A read line the clerk dropped: shown struck through with a way back, written as removed. */
  removed?: boolean;
  /** Set on a charge the user added. */
  charge?: AddedCharge;
};

/** What the user changed on one invoice of the grid. */
export type BatchEdit = {
  header: HeaderEdits;
  amounts: Record<number, number>;
  descriptions: Record<number, string>;
  /** Line numbers of read lines dropped at review (a footer or totals row read as an item). */
  removed: number[];
  totalOnly: boolean;
  charges: AddedCharge[];
  /** Why the lines may differ from the total; null until the clerk chooses to confirm with a difference. */
  differenceReason: string | null;
};
/** By invoice_id. */
export type BatchEdits = Record<string, BatchEdit>;

export const NO_EDIT: BatchEdit = { header: {}, amounts: {}, descriptions: {}, removed: [], totalOnly: false, charges: [], differenceReason: null };

export type BatchSummary = {
  succeeded: UploadInvoicesResult[];
  failed: UploadInvoicesResult[];
  /** Each invoice once, though two files held it (the same bytes twice), under the name given last. */
  invoices: ParsedInvoice[];
  /** Files whose invoices all came in an earlier file of the batch: the same document again. */
  repeats: Array<{ filename: string; sameAs: string }>;
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
  return { succeeded, failed: results.filter((result) => !result.success), invoices: [...byId.values()], repeats };
}

/** The invoices' totals added up per currency, in the order the currencies first appear: euros are not added to dollars. */
export function batchTotals(invoices: ParsedInvoice[]): Array<{ currency: string; amount: number }> {
  const totals = new Map<string, number>();
  for (const invoice of invoices) totals.set(invoice.currency, (totals.get(invoice.currency) ?? 0) + invoiceTotal(invoice));
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

export function batchEditOf(edits: BatchEdits, invoice: ParsedInvoice): BatchEdit {
  return edits[invoice.invoice_id] ?? NO_EDIT;
}

export function changeBatchEdit(edits: BatchEdits, invoice: ParsedInvoice, change: (edit: BatchEdit) => BatchEdit): BatchEdits {
  return { ...edits, [invoice.invoice_id]: change(batchEditOf(edits, invoice)) };
}

/** Drops a read line, or puts it back. */
export function toggleRemoved(edit: BatchEdit, lineNumber: number, removed: boolean): BatchEdit {
  const others = edit.removed.filter((line) => line !== lineNumber);
  return { ...edit, removed: removed ? [...others, lineNumber] : others };
}

/** How the grid names an invoice to screen readers and in messages: by its number as read, else its file. */
export function batchInvoiceName(invoice: ParsedInvoice): string {
  return invoice.invoice_number ? `invoice ${invoice.invoice_number}` : invoice.source_filename;
}

/**
 * The rows of one invoice: its read lines with the user's amounts and descriptions (removed ones
 * marked), then the charges the user added (under the invoice's vendor unless chosen otherwise);
 * or, with Invoice Total Only, its total alone.
 */
export function batchRows(invoice: ParsedInvoice, edit: BatchEdit): BatchRow[] {
  const lines: BatchRow[] = reviewLines(invoice).map((line) => ({
    key: `${invoice.invoice_id}-${line.lineNumber}`,
    lineNumber: line.lineNumber,
    description: edit.descriptions[line.lineNumber] ?? line.description,
    vendor: line.defaultVendor,
    amount: edit.amounts[line.lineNumber] ?? line.amount,
    read: { description: line.description, amount: line.amount },
    ...(edit.removed.includes(line.lineNumber) ? { removed: true } : {}),
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
  const amount = invoiceTotal(invoice, postedRows(lines));
  return [
    { key: `${invoice.invoice_id}-total`, lineNumber: 1, description: INVOICE_TOTAL_DESCRIPTION, vendor: defaultInvoiceVendor(invoice), amount },
  ];
}

/** The rows confirming writes: every row but the removed ones. */
export function postedRows(rows: BatchRow[]): BatchRow[] {
  return rows.filter((row) => !row.removed);
}

function rowMapping(invoice: ParsedInvoice, row: BatchRow, totalOnly: boolean): InvoiceMapping {
  if (row.charge) return { invoice_id: invoice.invoice_id, ...chargeMapping(invoice, row.charge, row.vendor) };
  const base = { invoice_id: invoice.invoice_id, line_number: row.lineNumber, invoice_number: invoice.invoice_number, chosen_vendor: row.vendor };
  // The server keeps a removed line's read amount beside the correction, so the read one is sent.
  if (row.removed && row.read) return { ...base, amount: row.read.amount, removed: true };
  const description = row.description.trim();
  const corrected = row.read && description !== '' && description !== row.read.description.trim();
  return {
    ...base,
    amount: row.amount,
    ...(totalOnly ? { invoice_total_only: true } : {}),
    ...(corrected ? { description } : {}),
  };
}

/** confirm-invoices needs to know which invoice each line belongs to, which post their total alone, and which lines were added or removed. */
export function batchMappings(invoices: ParsedInvoice[], edits: BatchEdits): InvoiceMapping[] {
  return invoices.flatMap((invoice) => {
    const edit = batchEditOf(edits, invoice);
    return batchRows(invoice, edit).map((row) => rowMapping(invoice, row, edit.totalOnly));
  });
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
