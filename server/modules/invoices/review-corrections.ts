/**
 * What a clerk corrected at review: header fields (number, dates, job, PO/reference) and read
 * lines (amount, description, removed). The corrected values are what is confirmed; each
 * correction is kept beside the value as read, so the preview and the import files can show
 * who changed what (docs/product-rules.md, Invoices).
 */
import { CORRECTABLE_FIELDS, type CorrectableField, type InvoiceCorrection } from '@contract/invoices';
import type { ExtractedInvoice } from '../../invoice-reading';

/** Corrections as the contract parsed them: a value, null (cleared) or absent (as read). */
export type HeaderCorrections = Partial<Record<CorrectableField, string | null>>;

/** The header values an invoice is confirmed with. */
export interface ConfirmedHeader {
  invoiceNumber: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  jobNumber: string | null;
  reference: string | null;
}

const FIELD_LABELS: Record<CorrectableField, string> = {
  invoice_number: 'Invoice number',
  invoice_date: 'Invoice date',
  due_date: 'Due date',
  job_number: 'Job number',
  reference: 'PO / reference',
};

function readHeader(extracted: ExtractedInvoice): Record<CorrectableField, string | null> {
  return {
    invoice_number: extracted.invoiceNumber?.value ?? null,
    invoice_date: extracted.invoiceDate?.value ?? null,
    due_date: extracted.dueDate?.value ?? null,
    job_number: extracted.jobNumber?.value ?? null,
    reference: extracted.reference?.value ?? null,
  };
}

/** The header as confirmed, and the fields whose value differs from what was read. */
export function correctHeader(
  extracted: ExtractedInvoice,
  corrections: HeaderCorrections = {},
): { header: ConfirmedHeader; corrected: InvoiceCorrection[] } {
  const read = readHeader(extracted);
  const value = { ...read };
  const corrected: InvoiceCorrection[] = [];
  for (const field of CORRECTABLE_FIELDS) {
    if (!(field in corrections) || corrections[field] === undefined) continue;
    const confirmed = corrections[field] ?? null;
    if (confirmed === read[field]) continue;
    value[field] = confirmed;
    corrected.push({ field, label: FIELD_LABELS[field], read: read[field], confirmed });
  }
  return {
    header: {
      invoiceNumber: value.invoice_number,
      invoiceDate: value.invoice_date,
      dueDate: value.due_date,
      jobNumber: value.job_number,
      reference: value.reference,
    },
    corrected,
  };
}

/** A read line's amount or description the clerk changed. */
export function lineCorrections(
  lineNumber: number,
  read: { description: string; amount: number | null },
  confirmed: { description: string; amount: number },
): InvoiceCorrection[] {
  const changes: InvoiceCorrection[] = [];
  if (read.amount === null || toCents(read.amount) !== toCents(confirmed.amount)) {
    changes.push({
      field: `line_${lineNumber}_amount`,
      label: `Line ${lineNumber} amount`,
      read: read.amount === null ? null : formatAmount(read.amount),
      confirmed: formatAmount(confirmed.amount),
    });
  }
  if (read.description !== confirmed.description) {
    changes.push({
      field: `line_${lineNumber}_description`,
      label: `Line ${lineNumber} description`,
      read: read.description,
      confirmed: confirmed.description,
    });
  }
  return changes;
}

/** A read line the clerk removed: nothing is written for it. */
export function removedLine(lineNumber: number, read: { description: string; amount: number }): InvoiceCorrection {
  return {
    field: `line_${lineNumber}`,
    label: `Line ${lineNumber} removed`,
    read: `${formatAmount(read.amount)} ${read.description}`.trim(),
    confirmed: null,
  };
}

/** The one Invoice Total Only line's amount, when it is not the total as read. */
export function totalCorrection(readTotal: number | null, confirmed: number): InvoiceCorrection[] {
  if (readTotal !== null && toCents(readTotal) === toCents(confirmed)) return [];
  return [
    { field: 'total_amount', label: 'Invoice total', read: readTotal === null ? null : formatAmount(readTotal), confirmed: formatAmount(confirmed) },
  ];
}

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

function formatAmount(amount: number): string {
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
