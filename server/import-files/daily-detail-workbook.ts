/**
 * The import workbook KAI hands the user after the last invoice of a batch is confirmed: the
 * Daily-Detail sheet in the configured column layout (one row per distribution line) and a
 * Summary sheet that ties each invoice's lines to its printed total.
 */
import ExcelJS from 'exceljs';
import type { ImportFormat } from '@contract/invoices.ts';
import { escapeCellText } from './cell-escape';
import { DEFAULT_IMPORT_LAYOUT, type ImportColumn, type ImportField, type ImportLayout } from './import-layout';
import {
  calendarDateOf,
  formatCalendarDate,
  fromCents,
  toExcelDate,
  toImportInvoices,
  type CalendarDate,
  type ImportInvoice,
  type ImportLine,
} from './import-rows';
import { EXCEL_DATE_FORMAT, MONEY_FORMAT, TEXT_FORMAT, fitWidth, styleHeaderRow, type SheetValue } from './sheet-style';
import { addSummarySheet, type AmountRange } from './summary-sheet';
import type { ConfirmedInvoice } from './types';

export interface ImportWorkbookOptions {
  layout?: ImportLayout;
  /** The date every line posts on; today (server time zone) when absent. */
  postingDate?: Date;
  companyName?: string;
}

export async function writeImportWorkbook(invoices: ConfirmedInvoice[], options: ImportWorkbookOptions = {}): Promise<Buffer> {
  const layout = options.layout ?? DEFAULT_IMPORT_LAYOUT;
  const entries = toImportInvoices(invoices);
  const now = new Date();
  const postingDate = calendarDateOf(options.postingDate ?? now);

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'KAI';
  workbook.lastModifiedBy = 'KAI';
  workbook.created = now;
  workbook.modified = now;
  workbook.title = 'AP import: Daily-Detail';
  if (options.companyName) workbook.company = options.companyName;
  // The totals carry correct cached values; recalculating on open keeps them right after edits.
  workbook.calcProperties.fullCalcOnLoad = true;

  const amountRange = addDailyDetailSheet(workbook, entries, layout, postingDate);
  addSummarySheet(workbook, entries, { postingDate, companyName: options.companyName, dailyDetail: amountRange });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const FILE_KINDS: Record<ImportFormat, { name: string; extension: string }> = {
  xlsx: { name: 'Daily-Detail', extension: 'xlsx' },
  aphb: { name: 'Vista-APHB-Headers', extension: 'csv' },
  aplb: { name: 'Vista-APLB-Lines', extension: 'csv' },
};

/** `AP-Import-Daily-Detail-2026-11-22-1530-3-invoices.xlsx`: what it is and when (server time zone). */
export function importFileName(kind: ImportFormat, when: Date, invoiceCount: number): string {
  if (Number.isNaN(when.getTime())) throw new Error('importFileName needs a valid date.');
  const { name, extension } = FILE_KINDS[kind];
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
  const time = `${pad(when.getHours())}${pad(when.getMinutes())}`;
  const count = Math.max(0, Math.trunc(invoiceCount));
  return `AP-Import-${name}-${day}-${time}-${count}-${count === 1 ? 'invoice' : 'invoices'}.${extension}`;
}

const MONEY_FIELDS: ReadonlySet<ImportField> = new Set(['amount', 'invoiceTotal']);
const DATE_FIELDS: ReadonlySet<ImportField> = new Set(['postingDate', 'invoiceDate', 'dueDate']);

/** Returns where the amounts landed, for the Summary's cross-check, when the layout has them. */
function addDailyDetailSheet(
  workbook: ExcelJS.Workbook,
  entries: ImportInvoice[],
  layout: ImportLayout,
  postingDate: CalendarDate,
): AmountRange | null {
  const sheet = workbook.addWorksheet(layout.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const rows = entries.flatMap((entry) =>
    entry.lines.map((line) => layout.columns.map((column) => columnValue(column, entry, line, postingDate, layout.dateFormat))),
  );

  sheet.addRow(layout.columns.map((column) => escapeCellText(column.header)));
  for (const values of rows) sheet.addRow(values);
  styleHeaderRow(sheet.getRow(1));

  layout.columns.forEach((column, index) => {
    const numFmt = columnFormat(column, layout.dateFormat);
    const sheetColumn = sheet.getColumn(index + 1);
    // A column style, so what the user types later (a phase like 1-10) is not turned into a date.
    sheetColumn.numFmt = numFmt;
    const values = rows.map((row) => row[index]);
    sheetColumn.width = column.width ?? fitWidth([escapeCellText(column.header), ...values], numFmt);
  });

  const amountIndex = layout.columns.findIndex((column) => column.field === 'amount');
  if (amountIndex < 0) return null;
  return { sheetName: layout.sheetName, column: sheet.getColumn(amountIndex + 1).letter, firstRow: 2, lastRow: rows.length + 1 };
}

function columnFormat(column: ImportColumn, dateFormat: ImportLayout['dateFormat']): string {
  if (column.field === undefined) return typeof column.value === 'number' ? 'General' : TEXT_FORMAT;
  if (MONEY_FIELDS.has(column.field)) return MONEY_FORMAT;
  if (column.field === 'lineNumber') return '0';
  if (DATE_FIELDS.has(column.field)) return dateFormat === 'excel' ? EXCEL_DATE_FORMAT : TEXT_FORMAT;
  return TEXT_FORMAT;
}

function columnValue(
  column: ImportColumn,
  entry: ImportInvoice,
  line: ImportLine,
  postingDate: CalendarDate,
  dateFormat: ImportLayout['dateFormat'],
): SheetValue {
  if (column.field === undefined) return typeof column.value === 'number' ? column.value : text(column.value ?? null);
  const { invoice } = entry;
  const date = (value: CalendarDate | null) =>
    value === null ? null : dateFormat === 'excel' ? toExcelDate(value) : formatCalendarDate(value, dateFormat);
  switch (column.field) {
    case 'postingDate':
      return date(postingDate);
    case 'vendorCode':
      return text(line.vendorCode);
    case 'vendorName':
      return text(line.vendorName);
    case 'invoiceNumber':
      return text(invoice.invoiceNumber);
    case 'invoiceDate':
      return date(entry.invoiceDate);
    case 'dueDate':
      return date(entry.dueDate);
    case 'jobNumber':
      return text(invoice.jobNumber);
    case 'description':
      return text(line.description);
    case 'amount':
      return fromCents(line.amountCents);
    case 'reference':
      return text(invoice.reference);
    case 'sourceFile':
      return text(invoice.sourceFile);
    case 'lineNumber':
      return line.line.lineNumber;
    case 'invoiceTotal':
      return entry.invoiceTotalCents === null ? null : fromCents(entry.invoiceTotalCents);
  }
}

function text(value: string | null): string | null {
  return value === null || value === '' ? null : escapeCellText(value);
}
