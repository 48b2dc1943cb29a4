/**
 * The Summary sheet: one row per invoice putting the printed total beside the sum of the lines
 * written, so the user sees what will be out of balance before the ERP's validation does.
 * Figures come from whole cents computed here; the SUM formulas carry the same cached results.
 */
import type ExcelJS from 'exceljs';
import { escapeCellText } from './cell-escape';
import { SUMMARY_SHEET_NAME } from './import-layout';
import { fromCents, toExcelDate, type CalendarDate, type ImportInvoice } from './import-rows';
import { EXCEL_DATE_FORMAT, MONEY_FORMAT, TEXT_FORMAT, fitWidth, sheetRange, styleHeaderRow, type SheetValue } from './sheet-style';

const SUMMARY_HEADERS = [
  'Vendor',
  'Invoice Number',
  'Invoice Date',
  'Job',
  'Reference/PO',
  'Invoice Total',
  'Lines Written',
  'Difference',
  'Lines',
  'Check',
] as const;
const FORMATS = [TEXT_FORMAT, TEXT_FORMAT, EXCEL_DATE_FORMAT, TEXT_FORMAT, TEXT_FORMAT, MONEY_FORMAT, MONEY_FORMAT, MONEY_FORMAT, '0', TEXT_FORMAT];
const TOTAL_COLUMN = { invoiceTotal: 6, linesWritten: 7, difference: 8, lineCount: 9, check: 10 } as const;
/** Title and posting date sit above the table. */
const SUMMARY_HEADER_ROW = 4;

/** Where the Daily-Detail amounts are, in A1 terms. */
export interface AmountRange {
  sheetName: string;
  column: string;
  firstRow: number;
  lastRow: number;
}

export interface SummaryOptions {
  postingDate: CalendarDate;
  companyName?: string;
  /** For a cross-check row; null when the layout has no amount column. */
  dailyDetail: AmountRange | null;
}

export function addSummarySheet(workbook: ExcelJS.Workbook, entries: ImportInvoice[], options: SummaryOptions): void {
  const sheet = workbook.addWorksheet(SUMMARY_SHEET_NAME, { views: [{ state: 'frozen', ySplit: SUMMARY_HEADER_ROW }] });
  const title = sheet.getCell('A1');
  title.value = escapeCellText(options.companyName ? `AP import summary: ${options.companyName}` : 'AP import summary');
  title.font = { bold: true, size: 13 };
  sheet.getCell('A2').value = 'Posting date';
  const posting = sheet.getCell('B2');
  posting.value = toExcelDate(options.postingDate);
  posting.numFmt = EXCEL_DATE_FORMAT;

  const rows = entries.map(invoiceRow);
  sheet.getRow(SUMMARY_HEADER_ROW).values = [...SUMMARY_HEADERS];
  styleHeaderRow(sheet.getRow(SUMMARY_HEADER_ROW));
  rows.forEach((values, index) => {
    const row = sheet.getRow(SUMMARY_HEADER_ROW + 1 + index);
    row.values = values;
    row.eachCell((cell, column) => (cell.numFmt = FORMATS[column - 1]));
  });

  const firstRow = SUMMARY_HEADER_ROW + 1;
  const lastRow = SUMMARY_HEADER_ROW + rows.length;
  const totalRow = sheet.getRow(lastRow + 1);
  const sum = (column: number, cents: number): ExcelJS.CellFormulaValue => {
    const letter = sheet.getColumn(column).letter;
    return { formula: `SUM(${letter}${firstRow}:${letter}${lastRow})`, result: fromCents(cents), date1904: false };
  };
  const totals = grandTotals(entries);
  totalRow.getCell(1).value = 'Total';
  totalRow.getCell(2).value = `${entries.length} ${entries.length === 1 ? 'invoice' : 'invoices'}`;
  totalRow.getCell(TOTAL_COLUMN.invoiceTotal).value = sum(TOTAL_COLUMN.invoiceTotal, totals.invoiceTotalCents);
  totalRow.getCell(TOTAL_COLUMN.linesWritten).value = sum(TOTAL_COLUMN.linesWritten, totals.linesTotalCents);
  totalRow.getCell(TOTAL_COLUMN.difference).value = sum(TOTAL_COLUMN.difference, totals.differenceCents);
  totalRow.getCell(TOTAL_COLUMN.lineCount).value = { formula: `SUM(I${firstRow}:I${lastRow})`, result: totals.lineCount, date1904: false };
  if (totals.withoutTotal > 0) {
    totalRow.getCell(TOTAL_COLUMN.check).value = `${totals.withoutTotal} without a printed total`;
  }
  totalRow.eachCell((cell, column) => (cell.numFmt = FORMATS[column - 1]));
  totalRow.font = { bold: true };
  totalRow.eachCell((cell) => (cell.border = { top: { style: 'thin' } }));

  if (options.dailyDetail) {
    const { sheetName, column, firstRow: from, lastRow: to } = options.dailyDetail;
    const crossCheck = sheet.getRow(lastRow + 2);
    crossCheck.getCell(1).value = escapeCellText(`Amount column of ${sheetName}`);
    const cell = crossCheck.getCell(TOTAL_COLUMN.linesWritten);
    cell.value = {
      formula: `SUM(${sheetRange(sheetName, `${column}${from}:${column}${to}`)})`,
      result: fromCents(totals.linesTotalCents),
      date1904: false,
    };
    cell.numFmt = MONEY_FORMAT;
  }

  SUMMARY_HEADERS.forEach((header, index) => {
    sheet.getColumn(index + 1).width = fitWidth([header, ...rows.map((row) => row[index])], FORMATS[index]);
  });
}

function invoiceRow(entry: ImportInvoice): SheetValue[] {
  const { invoice } = entry;
  const difference = entry.invoiceTotalCents === null ? null : entry.invoiceTotalCents - entry.linesTotalCents;
  const check = difference === null ? 'No printed total' : difference === 0 ? 'Ties out' : 'Lines differ from total';
  return [
    escapeCellText(invoice.vendorName),
    text(invoice.invoiceNumber),
    entry.invoiceDate && toExcelDate(entry.invoiceDate),
    text(invoice.jobNumber),
    text(invoice.reference),
    entry.invoiceTotalCents === null ? null : fromCents(entry.invoiceTotalCents),
    fromCents(entry.linesTotalCents),
    difference === null ? null : fromCents(difference),
    entry.lines.length,
    check,
  ];
}

function grandTotals(entries: ImportInvoice[]) {
  const totals = { invoiceTotalCents: 0, linesTotalCents: 0, differenceCents: 0, lineCount: 0, withoutTotal: 0 };
  for (const entry of entries) {
    totals.linesTotalCents += entry.linesTotalCents;
    totals.lineCount += entry.lines.length;
    if (entry.invoiceTotalCents === null) {
      totals.withoutTotal += 1;
    } else {
      totals.invoiceTotalCents += entry.invoiceTotalCents;
      totals.differenceCents += entry.invoiceTotalCents - entry.linesTotalCents;
    }
  }
  return totals;
}

function text(value: string | null): string | null {
  return value === null || value === '' ? null : escapeCellText(value);
}
