/** Looks shared by the Daily-Detail and Summary sheets. */
import type ExcelJS from 'exceljs';

export const MONEY_FORMAT = '#,##0.00';
export const EXCEL_DATE_FORMAT = 'mm/dd/yyyy';
export const TEXT_FORMAT = '@';

export type SheetValue = string | number | Date | null;

export function styleHeaderRow(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7E6E6' } };
    cell.border = { bottom: { style: 'thin' } };
  });
}

/** Width in characters from the longest value as displayed, kept between 8 and 60. */
export function fitWidth(values: SheetValue[], numFmt: string | undefined): number {
  const longest = Math.max(0, ...values.map((value) => displayLength(value, numFmt)));
  return Math.min(60, Math.max(8, longest + 2));
}

function displayLength(value: SheetValue, numFmt: string | undefined): number {
  if (value === null) return 0;
  if (value instanceof Date) return 10;
  if (typeof value === 'number' && numFmt === MONEY_FORMAT) {
    return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).length;
  }
  return Math.max(
    ...String(value)
      .split('\n')
      .map((part) => part.length),
  );
}

/** A reference to another sheet in a formula: 'Daily-Detail'!K2:K9. */
export function sheetRange(sheetName: string, range: string): string {
  return `'${sheetName.replaceAll("'", "''")}'!${range}`;
}
