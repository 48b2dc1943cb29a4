/** Confirmed invoices as a construction AP clerk would see them, and a reader for written workbooks. */
import ExcelJS from 'exceljs';
import type { ConfirmedInvoice, ConfirmedInvoiceLine } from './types';

const CONFIRMED_AT = new Date('2026-11-22T15:30:00Z');

function invoice(
  fields: Omit<ConfirmedInvoice, 'confirmedAt' | 'lines' | 'totalOnly' | 'currency'> & {
    lines: Array<Omit<ConfirmedInvoiceLine, 'lineNumber' | 'vendorName' | 'vendorCode'>>;
    totalOnly?: boolean;
    currency?: string;
  },
): ConfirmedInvoice {
  return {
    ...fields,
    currency: fields.currency ?? 'USD',
    totalOnly: fields.totalOnly ?? false,
    confirmedAt: CONFIRMED_AT,
    lines: fields.lines.map((line, index) => ({ lineNumber: index + 1, vendorName: fields.vendorName, vendorCode: fields.vendorCode, ...line })),
  };
}

export const readyMix = invoice({
  invoiceId: 'inv-ready-mix',
  invoiceNumber: 'RM-88231',
  invoiceDate: '2026-11-03',
  dueDate: '2026-12-03',
  jobNumber: '2417',
  reference: 'PO 2417-031',
  vendorName: 'Riverside Ready Mix, Inc.',
  vendorCode: 'RRM100',
  invoiceTotal: 1558.5,
  sourceFile: 'riverside-RM-88231.pdf',
  lines: [
    { description: '4000 PSI concrete, 9.5 CY', amount: 1425 },
    { description: 'Short load charge', amount: 95 },
    { description: 'Fuel surcharge', amount: 38.5 },
  ],
});

export const lumberCredit = invoice({
  invoiceId: 'inv-lumber-credit',
  invoiceNumber: 'CM-1044',
  invoiceDate: '2026-11-05',
  dueDate: null,
  jobNumber: '2417',
  reference: null,
  vendorName: 'Valley Lumber & Supply',
  vendorCode: 'VLS200',
  invoiceTotal: -312.4,
  sourceFile: 'valley-CM-1044.pdf',
  lines: [
    { description: 'Return 2x10x16 DF #2 (12 ea)', amount: -287.4 },
    { description: 'Restocking fee reversal', amount: -25 },
  ],
});

export const rentalTotalOnly = invoice({
  invoiceId: 'inv-rental',
  invoiceNumber: 'SER-20261107-0042-A',
  invoiceDate: '2026-11-07',
  dueDate: '2026-11-17',
  jobNumber: null,
  reference: 'Rental agreement 7781',
  vendorName: 'Summit Equipment Rental',
  vendorCode: null,
  invoiceTotal: 2140.77,
  totalOnly: true,
  sourceFile: 'summit rental (1).pdf',
  lines: [{ description: 'Invoice SER-20261107-0042-A total', amount: 2140.77 }],
});

/** No total could be read; the cents only add up exactly when summed as cents. */
export const electricalNoTotal = invoice({
  invoiceId: 'inv-electrical',
  invoiceNumber: null,
  invoiceDate: '2026-11-10',
  dueDate: null,
  jobNumber: '2502',
  reference: null,
  vendorName: 'Delta Electric Supply',
  vendorCode: 'DES010',
  invoiceTotal: null,
  sourceFile: 'delta.pdf',
  lines: [
    { description: '3/4" EMT conduit, 10 ft (per C)', amount: 10.1 },
    { description: 'EMT set screw couplings', amount: 20.2 },
    { description: 'Wire nuts', amount: 0.7 },
  ],
});

/** Lines confirmed for 10.00 less than the printed total. */
export const plumbingShort = invoice({
  invoiceId: 'inv-plumbing',
  invoiceNumber: 'PS-5521',
  invoiceDate: '2026-11-12',
  dueDate: '2026-12-12',
  jobNumber: '2417',
  reference: 'PO 2417-044',
  vendorName: 'Metro Plumbing Supply',
  vendorCode: 'MPS300',
  invoiceTotal: 1000,
  sourceFile: 'metro-PS-5521.pdf',
  lines: [
    { description: 'Copper type L 1" (20 ft)', amount: 640 },
    { description: 'PEX fittings', amount: 350 },
  ],
});

export { invoice as makeInvoice };

export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** Each row's cell values from column 1, as exceljs reads them back. */
export function rowValues(sheet: ExcelJS.Worksheet, rowNumber: number, columnCount = sheet.columnCount): ExcelJS.CellValue[] {
  const row = sheet.getRow(rowNumber);
  return Array.from({ length: columnCount }, (_, index) => row.getCell(index + 1).value);
}

export function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

/** Header name -> column number of a sheet's first row. */
export function columns(sheet: ExcelJS.Worksheet): Map<string, number> {
  const map = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => map.set(String(cell.value), column));
  return map;
}
