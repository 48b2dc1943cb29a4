import type { BatchResult, ConfirmInvoicesInput, ConfirmInvoicesResponse, ImportFile, ParsedInvoice } from '@contract/invoices';
import { batchEditOf, batchMappings, type BatchEdits } from './batch';
import { acceptDifferenceInput } from './batch-gate';
import { correctionsInput } from './corrections';

/** The body of POST /api/confirm-invoices: each invoice with only the header fields the clerk changed, and a reason where its lines may differ. */
export function batchConfirmInput(invoices: ParsedInvoice[], edits: BatchEdits): ConfirmInvoicesInput {
  return {
    invoices: invoices.map((invoice) => {
      const edit = batchEditOf(edits, invoice);
      const corrections = correctionsInput(invoice, edit.header);
      const acceptDifference = acceptDifferenceInput(invoice, edit);
      return {
        invoice_id: invoice.invoice_id,
        ...(corrections ? { corrections } : {}),
        ...(acceptDifference ? { accept_difference: acceptDifference } : {}),
      };
    }),
    mappings: batchMappings(invoices, edits),
    invoice_total_only: false,
  };
}

/** An import written by one confirm: the workbook's name and every format it can be downloaded in. */
type BatchImport = { filename: string | null; files: ImportFile[] };

/** What the confirms of this page have done so far. */
export type BatchOutcome = {
  /** Every invoice written, over all attempts. */
  confirmed: BatchResult[];
  /** The last attempt's skipped invoices, each with the server's reason; they stay in the grid to fix and retry. */
  skipped: BatchResult[];
  /** One per attempt that wrote anything: a retry writes an import of its own. */
  imports: BatchImport[];
};

export function recordOutcome(previous: BatchOutcome | null, answer: ConfirmInvoicesResponse): BatchOutcome {
  const imports = previous?.imports ?? [];
  return {
    confirmed: [...(previous?.confirmed ?? []), ...answer.results.filter((result) => result.confirmed)],
    skipped: answer.results.filter((result) => !result.confirmed),
    imports: answer.import_files.length > 0 ? [...imports, { filename: answer.filename, files: answer.import_files }] : imports,
  };
}

/** Skipped because it was confirmed before (another batch, another tab): no retry can change that. */
export function settledElsewhere(result: BatchResult): boolean {
  return result.code === 'already_confirmed';
}

/** The invoices still to confirm: the batch less those written and those confirmed before. */
export function pendingInvoices(invoices: ParsedInvoice[], outcome: BatchOutcome | null): ParsedInvoice[] {
  if (!outcome) return invoices;
  const done = new Set([...outcome.confirmed, ...outcome.skipped.filter(settledElsewhere)].map((result) => result.invoice_id));
  return invoices.filter((invoice) => !done.has(invoice.invoice_id));
}

/** 'Invoice 1002' (the number the server confirmed, else as read), else the file it came in. */
export function resultName(result: BatchResult, invoices: ParsedInvoice[]): string {
  const invoice = invoices.find((candidate) => candidate.invoice_id === result.invoice_id);
  const number = result.invoice_number ?? invoice?.invoice_number;
  if (number) return `Invoice ${number}`;
  return invoice?.source_filename ?? `Invoice ${result.invoice_id}`;
}
