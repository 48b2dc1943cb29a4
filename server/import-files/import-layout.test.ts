import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LAYOUT, loadImportLayout, parseImportLayout } from './import-layout';

describe('DEFAULT_IMPORT_LAYOUT', () => {
  it('has the columns an AP import needs, in order, on a Daily-Detail sheet with Excel dates', () => {
    expect(DEFAULT_IMPORT_LAYOUT.sheetName).toBe('Daily-Detail');
    expect(DEFAULT_IMPORT_LAYOUT.dateFormat).toBe('excel');
    expect(DEFAULT_IMPORT_LAYOUT.columns.map((column) => column.header)).toEqual([
      'Posting Date',
      'Vendor ID',
      'Vendor Name',
      'Invoice Number',
      'Invoice Date',
      'Due Date',
      'Job Number',
      'Phase',
      'Cost Type',
      'Description',
      'Amount',
      'Reference/PO',
      'Source File',
      'Line',
    ]);
  });
});

describe('parseImportLayout', () => {
  it('accepts fields and constants, filling in the sheet name and date format', () => {
    const layout = parseImportLayout({
      columns: [
        { header: 'Company', value: '1' },
        { header: 'Amount', field: 'amount', width: 14 },
      ],
    });
    expect(layout).toEqual({
      sheetName: 'Daily-Detail',
      dateFormat: 'excel',
      columns: [
        { header: 'Company', value: '1' },
        { header: 'Amount', field: 'amount', width: 14 },
      ],
    });
  });

  it.each([
    [
      'an unknown field, naming the column and the fields allowed',
      { columns: [{ header: 'Vendor ID', field: 'vendorId' }] },
      /columns\[0\] \("Vendor ID"\)\.field: unknown field "vendorId"; use one of postingDate, vendorCode,/,
    ],
    ['no columns', { columns: [] }, /columns: columns must list at least one column/],
    ['a missing columns list', { sheetName: 'AP' }, /columns: columns is missing/],
    [
      'duplicate headers, whatever their case',
      {
        columns: [
          { header: 'Amount', field: 'amount' },
          { header: 'amount ', field: 'invoiceTotal' },
        ],
      },
      /columns\[1\] \("amount"\)\.header: duplicate header \(same as columns\[0\]\)/,
    ],
    [
      'both field and value',
      { columns: [{ header: 'Co', field: 'amount', value: 1 }] },
      /columns\[0\] \("Co"\): give either "field" or "value", not both or neither/,
    ],
    ['neither field nor value', { columns: [{ header: 'Co' }] }, /columns\[0\] \("Co"\): give either "field" or "value"/],
    ['a misspelt key', { columns: [{ header: 'Co', feild: 'amount' }] }, /columns\[0\] \("Co"\).*feild/],
    [
      'an unknown date format',
      { dateFormat: 'DD.MM.YYYY', columns: [{ header: 'A', field: 'amount' }] },
      /dateFormat: dateFormat must be one of MM\/DD\/YYYY, YYYY-MM-DD, excel/,
    ],
    ['a sheet name Excel refuses', { sheetName: 'AP/Import', columns: [{ header: 'A', field: 'amount' }] }, /sheetName: sheetName must not contain/],
    ['the Summary sheet name', { sheetName: 'summary', columns: [{ header: 'A', field: 'amount' }] }, /taken by the summary sheet/],
    ['something other than an object', 'Daily-Detail', /^Import layout is not valid: layout:/],
  ])('refuses %s', (_, json, message) => {
    expect(() => parseImportLayout(json)).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(() => parseImportLayout({ columns: [{ header: 'A', field: 'amt' }, { header: 'B' }] })).toThrow(/columns\[0\].*; columns\[1\]/);
  });
});

describe('loadImportLayout', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kai-layout-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a layout file, byte order mark and all', async () => {
    const file = path.join(dir, 'layout.json');
    await writeFile(
      file,
      '\uFEFF' + JSON.stringify({ sheetName: 'AP Import', dateFormat: 'MM/DD/YYYY', columns: [{ header: 'Amt', field: 'amount' }] }),
    );
    expect(await loadImportLayout(file)).toEqual({ sheetName: 'AP Import', dateFormat: 'MM/DD/YYYY', columns: [{ header: 'Amt', field: 'amount' }] });
  });

  it('names the file when it is not JSON, not valid, or missing', async () => {
    const broken = path.join(dir, 'broken.json');
    await writeFile(broken, '{ "columns": [ ');
    await expect(loadImportLayout(broken)).rejects.toThrow(`Import layout file ${broken} is not valid JSON`);

    const invalid = path.join(dir, 'invalid.json');
    await writeFile(invalid, JSON.stringify({ columns: [{ header: 'X', field: 'nope' }] }));
    await expect(loadImportLayout(invalid)).rejects.toThrow(`${invalid}: Import layout is not valid: columns[0] ("X").field: unknown field "nope"`);

    await expect(loadImportLayout(path.join(dir, 'missing.json'))).rejects.toThrow(/missing\.json could not be read/);
  });
});
