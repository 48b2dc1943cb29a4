import { afterAll, describe, expect, it } from 'vitest';
import { ExtractorPool } from './extract';
import { makeOle2, makeXls, readSubcontractNoteDoc } from './test-fixtures';
import { ExtractionError } from './types';

const pool = new ExtractorPool({ size: 1 });
afterAll(() => pool.close());

const failure = (bytes: Uint8Array, limits?: { maxBytes: number }) =>
  pool.extract({ bytes, kind: 'doc', limits }).then(
    () => new Error('expected the extraction to fail'),
    (error: unknown) => error,
  );

describe('Word 97-2003 (.doc) extraction in the worker sandbox', () => {
  it('reads the headings and paragraphs of a .doc as text, a blank line between paragraphs', async () => {
    const result = await pool.extract({ bytes: readSubcontractNoteDoc(), kind: 'doc' });
    expect(result.text).toBe(
      [
        'Subcontract Note: Harbor Street Clinic',
        'Subcontractor: Pinewood Framing Co. Subcontract value: $184,250.00, with retainage held at 10 percent until substantial completion.',
        'Pay application 4',
        'Work billed this period covers the level three wall framing and blocking. Approved change order CO-07 adds $6,400.00 for the revised stair opening; it is billed under cost code 06-1000.',
        'Hold the release of retainage until the lien waiver for pay application 4 is on file.',
      ].join('\n\n'),
    );
    expect(result.pages).toEqual([{ page: null, text: result.text }]);
    expect(result.metadata).toEqual({ method: 'structured' });
  });

  it('refuses a damaged, oversized or non-Word .doc with a readable reason', async () => {
    const doc = readSubcontractNoteDoc();

    const fake = await failure(makeOle2({ '/WordDocument': 'x'.repeat(5000), '/1Table': 'y' }));
    expect(fake).toBeInstanceOf(ExtractionError);
    expect(fake).toMatchObject({
      statusCode: 422,
      code: 'corrupt',
      message: 'The Word (.doc) document could not be read: it is not a Word document, or it is damaged.',
    });

    const truncated = await failure(doc.subarray(0, 6000));
    expect(truncated).toMatchObject({ statusCode: 422, code: 'corrupt' });

    expect(await failure(doc, { maxBytes: 1024 })).toMatchObject({ statusCode: 413, code: 'too_large' });

    const workbook = await failure(makeXls({ Costs: [['Item', 'Amount']] }));
    expect(workbook).toMatchObject({ statusCode: 415, code: 'unsupported', message: 'The Word (.doc) document is actually a XLS file.' });
    const other = await failure(makeOle2({ '/Contents': 'x' }));
    expect(other).toMatchObject({ statusCode: 415, code: 'unsupported' });
    expect((other as Error).message).toMatch(/^This Office 97-2003 file is neither a Word document nor an Excel workbook/);
  });
});
