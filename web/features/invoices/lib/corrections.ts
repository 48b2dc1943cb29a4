import { isCalendarDate, type CorrectableField, type InvoiceCorrections, type ParsedInvoice } from '@contract/invoices';

/** The header fields a clerk may correct at review, in the order the review shows them. */
export const HEADER_FIELDS: ReadonlyArray<{ field: CorrectableField; label: string; kind: 'text' | 'date' }> = [
  { field: 'invoice_number', label: 'Invoice number', kind: 'text' },
  { field: 'invoice_date', label: 'Invoice date', kind: 'date' },
  { field: 'due_date', label: 'Due date', kind: 'date' },
  { field: 'job_number', label: 'Job number', kind: 'text' },
  { field: 'reference', label: 'PO / reference', kind: 'text' },
];

/** What the clerk typed per header field; a field absent here stays as read. */
export type HeaderEdits = Partial<Record<CorrectableField, string>>;

/** The value as read from the invoice ('' when nothing was read). */
export function readValue(invoice: ParsedInvoice, field: CorrectableField): string {
  return invoice[field] ?? '';
}

/** The value in force now: the clerk's, else the one read. */
export function headerValue(invoice: ParsedInvoice, edits: HeaderEdits, field: CorrectableField): string {
  return edits[field] ?? readValue(invoice, field);
}

/** Only the fields whose value differs from what was read; undefined when none does. */
export function correctionsInput(invoice: ParsedInvoice, edits: HeaderEdits): InvoiceCorrections | undefined {
  const changed: InvoiceCorrections = {};
  for (const { field } of HEADER_FIELDS) {
    const value = edits[field];
    if (value === undefined || value.trim() === readValue(invoice, field).trim()) continue;
    changed[field] = value.trim() || null;
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}

/** Why the header cannot be confirmed as typed (a date that does not exist), or null. */
export function headerBlocker(edits: HeaderEdits): string | null {
  for (const { field, label, kind } of HEADER_FIELDS) {
    const value = edits[field]?.trim();
    if (kind === 'date' && value && !isCalendarDate(value)) return `${label} must be a real date (yyyy-mm-dd).`;
    if (value && value.length > 200) return `${label} is at most 200 characters.`;
  }
  return null;
}
