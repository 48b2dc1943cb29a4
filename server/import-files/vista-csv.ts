/**
 * The confirmed invoices as AP header and distribution-line CSVs shaped like Trimble Vista's
 * APHB / APLB import staging tables, for customers whose ERP takes a header/line import rather
 * than the Daily-Detail workbook. The two files share Co, Mth and UISeq, which join a line to
 * its header.
 */
import Papa from 'papaparse';
import { escapeCellTextWithin } from './cell-escape';
import { calendarDateOf, formatCalendarDate, toImportInvoices, type CalendarDate, type ImportInvoice } from './import-rows';
import { reviewNote } from './review-notes';
import type { ConfirmedInvoice } from './types';

export interface VistaCsvOptions {
  /** AP company number; 1 when absent. */
  company?: number;
  /** The batch month (GL period); the current month when absent. */
  month?: Date;
  /** Vendor group of the vendor master; 1 when absent. */
  vendorGroup?: number;
}

export const VISTA_HEADER_COLUMNS = [
  'Co',
  'Mth',
  'UISeq',
  'VendorGroup',
  'Vendor',
  'APRef',
  'Description',
  'InvDate',
  'DueDate',
  'InvTotal',
  'HoldCode',
  'PayMethod',
  'Notes',
] as const;
export const VISTA_LINE_COLUMNS = [
  'Co',
  'Mth',
  'UISeq',
  'Line',
  'LineType',
  'Job',
  'Phase',
  'JCCType',
  'Description',
  'Units',
  'Amount',
  'PO',
] as const;

/** Vista's field sizes: APRef is varchar(15), descriptions varchar(30). */
const AP_REF_LENGTH = 15;
const DESCRIPTION_LENGTH = 30;
const LINE_TYPE_JOB = 1;
const LINE_TYPE_EXPENSE = 3;
const PAY_METHOD_CHECK = 'C';

/** Numbers go out as plain numerals; every text cell is trimmed to its field and escaped. */
type Cell = { number: number; decimals?: number } | { text: string | null; maxLength?: number };

/** One header per invoice. InvTotal is the printed total, or the sum of the lines when none was read. */
export function writeVistaHeaderCsv(invoices: ConfirmedInvoice[], options: VistaCsvOptions = {}): string {
  const { company, month, vendorGroup } = resolveOptions(options);
  const rows = toImportInvoices(invoices).map((entry, index): Cell[] => {
    const { invoice } = entry;
    return [
      { number: company },
      { text: month },
      { number: index + 1 },
      { number: vendorGroup },
      { text: invoice.vendorCode },
      { text: invoice.invoiceNumber, maxLength: AP_REF_LENGTH },
      { text: invoice.vendorName.trim() || entry.lines[0].description, maxLength: DESCRIPTION_LENGTH },
      { text: dateText(entry.invoiceDate) },
      { text: dateText(entry.dueDate) },
      { number: (entry.invoiceTotalCents ?? entry.linesTotalCents) / 100, decimals: 2 },
      { text: null },
      { text: PAY_METHOD_CHECK },
      // Vista keeps free-text notes on the AP header: the review's record travels with the invoice.
      { text: reviewNote(invoice) || null },
    ];
  });
  return toCsv(VISTA_HEADER_COLUMNS, rows);
}

/** One distribution line per confirmed line, numbered from 1 within each invoice. */
export function writeVistaLinesCsv(invoices: ConfirmedInvoice[], options: VistaCsvOptions = {}): string {
  const { company, month } = resolveOptions(options);
  const rows = toImportInvoices(invoices).flatMap((entry: ImportInvoice, index) => {
    const { invoice } = entry;
    const job = invoice.jobNumber?.trim() || null;
    return entry.lines.map((line, lineIndex): Cell[] => [
      { number: company },
      { text: month },
      { number: index + 1 },
      { number: lineIndex + 1 },
      { number: job ? LINE_TYPE_JOB : LINE_TYPE_EXPENSE },
      { text: job },
      { text: null },
      { text: null },
      { text: line.description, maxLength: DESCRIPTION_LENGTH },
      { text: null },
      { number: line.amountCents / 100, decimals: 2 },
      { text: invoice.reference },
    ]);
  });
  return toCsv(VISTA_LINE_COLUMNS, rows);
}

function resolveOptions(options: VistaCsvOptions): { company: number; month: string; vendorGroup: number } {
  const month = calendarDateOf(options.month ?? new Date());
  return {
    company: options.company ?? 1,
    month: formatCalendarDate({ ...month, day: 1 }, 'MM/DD/YYYY'),
    vendorGroup: options.vendorGroup ?? 1,
  };
}

function dateText(date: CalendarDate | null): string | null {
  return date && formatCalendarDate(date, 'MM/DD/YYYY');
}

function toCsv(columns: readonly string[], rows: Cell[][]): string {
  const data = rows.map((row) => row.map(cellText));
  return Papa.unparse({ fields: [...columns], data }, { newline: '\r\n', quotes: false, escapeFormulae: false });
}

function cellText(cell: Cell): string {
  if ('number' in cell) return cell.decimals === undefined ? String(cell.number) : cell.number.toFixed(cell.decimals);
  if (cell.text === null) return '';
  // Fixed-width ERP fields: line breaks and runs of spaces would only waste them.
  const flat = cell.text.replace(/\s+/g, ' ').trim();
  return escapeCellTextWithin(flat, cell.maxLength ?? Number.POSITIVE_INFINITY);
}
