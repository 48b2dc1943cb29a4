import { afterAll, describe, expect, it } from 'vitest';
import { ExtractorPool } from './extract';
import { makeOle2, makeXls, makeXlsx } from './test-fixtures';
import { ExtractionError } from './types';

const pool = new ExtractorPool({ size: 1 });
afterAll(() => pool.close());

const costs = {
  Costs: [
    ['Item', 'Amount'],
    ['Rebar', 1200],
    ['Cement', 300],
  ],
  Notes: [['ok']],
};

describe('legacy Excel (.xls) extraction in the worker sandbox', () => {
  it('writes the same Markdown tables as the XLSX of the same sheets', async () => {
    const result = await pool.extract({ bytes: makeXls(costs, { Title: 'Pour costs', Author: 'Site office' }), kind: 'xls' });
    const xlsx = await pool.extract({ bytes: await makeXlsx(costs), kind: 'xlsx' });
    expect(result.text).toBe(
      '## Sheet: Costs\n\n| Item | Amount |\n| --- | --- |\n| Rebar | 1200 |\n| Cement | 300 |\n\n## Sheet: Notes\n\n| ok |\n| --- |',
    );
    expect(result.text).toBe(xlsx.text);
    expect(result.pages).toEqual([{ page: null, text: result.text }]);
    expect(result.metadata).toEqual({ method: 'structured', sheets: ['Costs', 'Notes'], title: 'Pour costs', author: 'Site office' });
  });

  it('keeps blank leading columns, skips blank rows and shows dates as Excel does', async () => {
    const log = makeXls({ Log: [['', 'Date', 'Note'], [], ['', new Date(2024, 0, 5), 'Pour | level 2']] });
    const result = await pool.extract({ bytes: log, kind: 'xls' });
    expect(result.text).toBe('## Sheet: Log\n\n|  | Date | Note |\n| --- | --- | --- |\n|  | 1/5/24 | Pour \\| level 2 |');
  });

  it('caps cells over the workbook and rows per sheet, with warnings', async () => {
    const cells = await pool.extract({ bytes: makeXls(costs), kind: 'xls', limits: { maxCells: 3 } });
    expect(cells.text).not.toContain('Cement');
    expect(cells.metadata.sheets).toEqual(['Costs', 'Notes']);
    expect(cells.metadata.warnings).toEqual(['Only the first 3 cells were read (stopped in sheet "Costs").']);

    const long = makeXls({ Ledger: [['Line'], ...Array.from({ length: 40 }, (_, i) => [`entry ${i + 1}`])] });
    const rows = await pool.extract({ bytes: long, kind: 'xls', limits: { maxRows: 10 } });
    expect(rows.text).toContain('| entry 9 |');
    expect(rows.text).not.toContain('entry 10');
    expect(rows.metadata.warnings).toEqual(['Only the first 10 rows of sheet "Ledger" were read.']);
  });

  it('refuses a damaged, oversized or non-workbook .xls with a readable reason', async () => {
    const failure = (bytes: Uint8Array, limits?: { maxBytes: number }) =>
      pool.extract({ bytes, kind: 'xls', limits }).then(
        () => new Error('expected the extraction to fail'),
        (error: unknown) => error,
      );
    const xls = makeXls(costs);

    const damaged = Buffer.concat([xls.subarray(0, 8), Buffer.alloc(4096, 0x41)]);
    const corrupt = await failure(damaged);
    expect(corrupt).toBeInstanceOf(ExtractionError);
    expect(corrupt).toMatchObject({
      statusCode: 422,
      code: 'corrupt',
      message: 'The Excel (.xls) workbook could not be read: it is not an Excel workbook, or it is damaged.',
    });

    const scrambled = Buffer.from(xls);
    scrambled.fill(0x55, 2100, 3000);
    expect(await failure(scrambled)).toMatchObject({ statusCode: 422, code: 'corrupt' });

    expect(await failure(xls, { maxBytes: 1024 })).toMatchObject({ statusCode: 413, code: 'too_large' });

    const doc = await failure(makeOle2({ '/WordDocument': 'x' }));
    expect(doc).toMatchObject({ statusCode: 415, code: 'unsupported', message: 'The Excel (.xls) workbook is actually a DOC file.' });
  });
});
