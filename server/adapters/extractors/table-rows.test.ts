import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { detectTableKind } from './file-type';
import { readCsvRows, readTableRows, readXlsRows, readXlsxRows } from './table-rows';
import { makeTextPdf, makeXlsx } from './test-fixtures';

const LIMITS = { maxRows: 100, maxUncompressedBytes: 10 * 1024 * 1024, maxZipEntries: 100, maxCompressionRatio: 100 };
const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectTableKind', () => {
  it('takes CSV (even under a title line, even in Windows-1252), XLSX and OLE2 as XLS', async () => {
    expect(await detectTableKind(bytes('Vendor list\n\nid;name\n1;Acme\n2;Beta\n3;Gamma\n'))).toEqual({ kind: 'csv' });
    expect(await detectTableKind(Uint8Array.from([...bytes('Name,City\nCaf'), 0xe9, ...bytes(',Austin\nB,C\n')]))).toEqual({ kind: 'csv' });
    expect(await detectTableKind(await makeXlsx({ Sheet1: [['Name'], ['Acme']] }))).toEqual({ kind: 'xlsx' });
    const xls = XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet([['Name']])), { type: 'buffer', bookType: 'xls' }) as Buffer;
    expect(await detectTableKind(xls, 'list.xlsx')).toEqual({ kind: 'xls' });
  });

  it('refuses other content with a reason', async () => {
    expect(await detectTableKind(makeTextPdf([[[72, 760, 'x']]]), 'list.csv')).toMatchObject({
      unsupported: true,
      detected: 'pdf',
      reason: expect.stringMatching(/^This file is a PDF\./),
    });
    expect(await detectTableKind(bytes('hello there\nno table here\n'))).toMatchObject({ unsupported: true });
    expect(await detectTableKind(new Uint8Array())).toMatchObject({ unsupported: true, detected: 'empty' });
  });
});

describe('table readers', () => {
  it('reads CSV with a BOM, any delimiter, quoted cells, keeping blank rows so row numbers hold', () => {
    expect(readCsvRows(bytes('\uFEFFTitle\n\nid\tname\n1\t"Acme, Inc."\n\n'), 100)).toEqual({
      rows: [['Title'], [], ['id', 'name'], ['1', 'Acme, Inc.']],
      truncated: false,
    });
    expect(readCsvRows(Uint8Array.from([...bytes('Name\nCaf'), 0xe9, 0x0a]), 100).rows).toEqual([['Name'], ['Café']]);
    expect(readCsvRows(bytes('a\nb\nc\nd\n'), 2)).toEqual({ rows: [['a'], ['b']], truncated: true });
  });

  it('reads the first XLSX sheet with rows where the spreadsheet shows them', async () => {
    const xlsx = await makeXlsx({ Vendors: [['Vendor list'], [], ['Name', 'Zip'], ['Acme', 7302]] });
    expect(await readXlsxRows(xlsx, 100)).toEqual({ rows: [['Vendor list'], [], ['Name', 'Zip'], ['Acme', '7302']], truncated: false });
    expect(await readXlsxRows(xlsx, 2)).toMatchObject({ truncated: true });
  });

  it('reads legacy XLS from A1, however far down the data starts', async () => {
    const sheet = XLSX.utils.sheet_add_aoa(
      XLSX.utils.aoa_to_sheet([]),
      [
        ['Name', 'Active'],
        ['Acme', true],
      ],
      { origin: 'B3' },
    );
    const xls = XLSX.write(XLSX.utils.book_new(sheet), { type: 'buffer', bookType: 'xls' }) as Buffer;
    expect(await readXlsRows(xls, 100)).toEqual({ rows: [[], [], ['', 'Name', 'Active'], ['', 'Acme', 'TRUE']], truncated: false });
  });

  it('re-checks the kind on the bytes it is given', async () => {
    await expect(readTableRows(bytes('Name,City\nA,B\n'), 'xlsx', LIMITS)).rejects.toMatchObject({ code: 'unsupported' });
  });
});
