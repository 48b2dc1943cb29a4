/**
 * The Summary sheet: one row per invoice putting the printed total beside the sum of the lines
 * written, so the user sees what will be out of balance before the ERP's validation does.
 * Figures come from whole cents computed here; the SUM formulas carry the same cached results.
 */
import type ExcelJS from 'exceljs';
import { escapeCellText } from './cell-escape';
import { describeCorrections } from './review-notes';
import { SUMMARY_SHEET_NAME } from './import-layout';
import { fromCents, toExcelDate, type CalendarDate, type ImportInvoice } from './import-rows';
import { EXCEL_DATE_FORMAT, MONEY_FORMAT, TEXT_FORMAT, fitWidth, sheetRange, styleHeaderRow, type SheetValue } from './sheet-style';

const SUMMARY_HEADERS = [
  'Vendor',
  'Invoice Number',
  'Invoice Date',
  'Job',
  'Reference/PO',
  'Currency',
  'Invoice Total',
  'Lines Written',
  'Difference',
  'Lines',
  'Check',
  'Confirmed By',
  'Corrected at Review',
] as const;
const FORMATS = [
  TEXT_FORMAT,
  TEXT_FORMAT,
  EXCEL_DATE_FORMAT,
  TEXT_FORMAT,
  TEXT_FORMAT,
  TEXT_FORMAT,
  MONEY_FORMAT,
  MONEY_FORMAT,
  MONEY_FORMAT,
  '0',
  TEXT_FORMAT,
  TEXT_FORMAT,
  TEXT_FORMAT,
];
/**
 * The amounts are plain numbers in each invoice's own currency, named in the Currency column
 * beside them; the Daily-Detail sheet's columns are left as the ERP import expects them.
 */
const TOTAL_COLUMN = { currency: 6, invoiceTotal: 7, linesWritten: 8, difference: 9, lineCount: 10, check: 11 } as const;
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
  const totals = addTotalRow(sheet, entries, firstRow, lastRow);

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

/** The Total row under the invoices: sums as formulas with their cached results, and notes. */
function addTotalRow(sheet: ExcelJS.Worksheet, entries: ImportInvoice[], firstRow: number, lastRow: number) {
  const totalRow = sheet.getRow(lastRow + 1);
  const sum = (column: number, result: number): ExcelJS.CellFormulaValue => {
    const letter = sheet.getColumn(column).letter;
    return { formula: `SUM(${letter}${firstRow}:${letter}${lastRow})`, result, date1904: false };
  };
  const totals = grandTotals(entries);
  totalRow.getCell(1).value = 'Total';
  totalRow.getCell(2).value = `${entries.length} ${entries.length === 1 ? 'invoice' : 'invoices'}`;
  totalRow.getCell(TOTAL_COLUMN.currency).value = totals.currencies.length === 1 ? text(totals.currencies[0]) : 'Mixed';
  totalRow.getCell(TOTAL_COLUMN.invoiceTotal).value = sum(TOTAL_COLUMN.invoiceTotal, fromCents(totals.invoiceTotalCents));
  totalRow.getCell(TOTAL_COLUMN.linesWritten).value = sum(TOTAL_COLUMN.linesWritten, fromCents(totals.linesTotalCents));
  totalRow.getCell(TOTAL_COLUMN.difference).value = sum(TOTAL_COLUMN.difference, fromCents(totals.differenceCents));
  totalRow.getCell(TOTAL_COLUMN.lineCount).value = sum(TOTAL_COLUMN.lineCount, totals.lineCount);
  const notes = [
    ...(totals.withoutTotal > 0 ? [`${totals.withoutTotal} without a printed total`] : []),
    // Euros added to dollars mean nothing; the sums then only check the sheet against itself.
    ...(totals.currencies.length > 1 ? [`Sums mix ${totals.currencies.join(', ')}`] : []),
  ];
  if (notes.length > 0) totalRow.getCell(TOTAL_COLUMN.check).value = escapeCellText(notes.join('; '));
  totalRow.eachCell((cell, column) => (cell.numFmt = FORMATS[column - 1]));
  totalRow.font = { bold: true };
  totalRow.eachCell((cell) => (cell.border = { top: { style: 'thin' } }));
  return totals;
}

function invoiceRow(entry: ImportInvoice): SheetValue[] {
  const { invoice } = entry;
  const difference = entry.invoiceTotalCents === null ? null : entry.invoiceTotalCents - entry.linesTotalCents;
  const differs = invoice.differenceReason ? `Lines differ from total, accepted: ${invoice.differenceReason}` : 'Lines differ from total';
  const tie = difference === null ? 'No printed total' : difference === 0 ? 'Ties out' : differs;
  // Rows not read from the invoice are named, so a reviewer knows which amounts a person typed.
  const added = entry.lines.filter(({ line }) => line.added).length;
  const check = added === 0 ? tie : `${tie} (${added} ${added === 1 ? 'charge' : 'charges'} added at review)`;
  return [
    escapeCellText(invoice.vendorName),
    text(invoice.invoiceNumber),
    entry.invoiceDate && toExcelDate(entry.invoiceDate),
    text(invoice.jobNumber),
    text(invoice.reference),
    text(invoice.currency),
    entry.invoiceTotalCents === null ? null : fromCents(entry.invoiceTotalCents),
    fromCents(entry.linesTotalCents),
    difference === null ? null : fromCents(difference),
    entry.lines.length,
    escapeCellText(check),
    text(invoice.confirmedBy ?? null),
    text(describeCorrections(invoice.corrections ?? [])),
  ];
}

function grandTotals(entries: ImportInvoice[]) {
  const totals = { invoiceTotalCents: 0, linesTotalCents: 0, differenceCents: 0, lineCount: 0, withoutTotal: 0, currencies: [] as string[] };
  for (const entry of entries) {
    if (!totals.currencies.includes(entry.invoice.currency)) totals.currencies.push(entry.invoice.currency);
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
