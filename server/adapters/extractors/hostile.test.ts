import { afterAll, describe, expect, it } from 'vitest';
import { ExtractorPool } from './extract.ts';
import {
  BILLION_LAUGHS_PROLOG,
  makeDocx,
  makeLoopingPdf,
  makePixelBombPng,
  makeScannedPdf,
  makeTextPdf,
  makeZip,
  makeZipBombXlsx,
  renderTextImage,
} from './test-fixtures.ts';
import type { DocumentKind, ExtractionLimits } from './types.ts';

const pool = new ExtractorPool({ size: 2 });
afterAll(() => pool.close());

async function failure(bytes: Uint8Array, kind: DocumentKind, limits?: Partial<ExtractionLimits>) {
  const error = await pool.extract({ bytes, kind, limits }).then(
    () => new Error('expected the extraction to fail'),
    (rejection: unknown) => rejection,
  );
  return { code: (error as { code?: string }).code, message: (error as Error).message };
}

const xlsxParts = [
  { name: '[Content_Types].xml', data: '<Types/>' },
  { name: 'xl/workbook.xml', data: '<workbook/>' },
];

describe('hostile files fail their own extraction with a readable reason', () => {
  it('refuses a pixel bomb from its PNG header', async () => {
    expect(await failure(makePixelBombPng(50_000, 50_000), 'png')).toEqual({
      code: 'too_large',
      message: 'The PNG image is too large to read (50000 x 50000 pixels; the limit is 12000 pixels a side and 40 megapixels).',
    });
    expect((await failure(makePixelBombPng(8_000, 8_000), 'png')).code).toBe('too_large');
  });

  it('refuses ZIP bombs, oversized and overcrowded archives before inflating', async () => {
    expect(await failure(makeZipBombXlsx(20), 'xlsx')).toEqual({
      code: 'limits',
      message: 'The Excel workbook was refused: a part is compressed 1029:1, which looks like a ZIP bomb.',
    });
    const declared = makeZip([...xlsxParts, { name: 'xl/worksheets/sheet1.xml', data: '<x/>', declaredSize: 300 * 1024 * 1024 }]);
    expect((await failure(declared, 'xlsx')).message).toBe('The Excel workbook was refused: it would unpack to more than 200 MB.');
    const crowded = makeZip([...xlsxParts, ...Array.from({ length: 30 }, (_, i) => ({ name: `xl/media/${i}.xml`, data: '<a/>' }))]);
    expect((await failure(crowded, 'xlsx', { maxZipEntries: 20 })).message).toBe(
      'The Excel workbook was refused: it contains 32 parts (the limit is 20).',
    );
  });

  it('refuses zip-slip entry names', async () => {
    for (const name of ['../../etc/passwd', '/abs/evil.xml', 'word/..\\..\\evil.xml']) {
      const docx = makeZip([{ name: '[Content_Types].xml', data: '<Types/>' }, { name: 'word/document.xml', data: '<d/>' }, { name, data: 'x' }]);
      expect(await failure(docx, 'docx'), name).toMatchObject({ code: 'limits', message: expect.stringMatching(/unsafe path/) });
    }
  });

  it('refuses XML entity declarations (billion laughs)', async () => {
    const docx = makeDocx({ heading: 'x', paragraphs: ['&lol3;'], prolog: BILLION_LAUGHS_PROLOG });
    expect(await failure(docx, 'docx')).toEqual({
      code: 'limits',
      message: 'The Word document was refused: it declares XML entities (a DOCTYPE), which Office never writes.',
    });
  });

  it('fails truncated and garbage PDFs as damaged', async () => {
    const pdf = makeTextPdf([[[72, 700, 'Hello there']]]);
    const damaged = { code: 'corrupt', message: 'The PDF could not be read: it looks damaged or incomplete.' };
    expect(await failure(pdf.subarray(0, 120), 'pdf')).toEqual(damaged);
    expect(await failure(makeLoopingPdf(), 'pdf')).toEqual(damaged);
  });

  it('re-checks the content type inside the worker (EXE or HTML sent as PDF)', async () => {
    const mz = new Uint8Array(1024);
    mz.set([0x4d, 0x5a, 0x90, 0x00]);
    expect(await failure(mz, 'pdf')).toMatchObject({ code: 'unsupported', message: expect.stringMatching(/^Programs cannot be uploaded/) });
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    expect(await failure(html, 'pdf')).toMatchObject({ code: 'unsupported', message: expect.stringMatching(/HTML/) });
    const png = await renderTextImage(['x'], 'png', { width: 40, height: 20 });
    expect(await failure(png, 'pdf')).toEqual({ code: 'unsupported', message: 'The PDF is actually a PNG file.' });
  });

  it('abandons a job past its timeout while the main thread stays responsive, then carries on', async () => {
    const size = { width: 1240, height: 1754 };
    const jpeg = await renderTextImage(['A slow page to OCR'], 'jpeg', size, 40);
    const slow = makeScannedPdf(jpeg, size);
    let ticks = 0;
    let worstLag = 0;
    let last = performance.now();
    const interval = setInterval(() => {
      const now = performance.now();
      worstLag = Math.max(worstLag, now - last - 10);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    const result = await failure(slow, 'pdf', { timeoutMs: 200 });
    const elapsed = performance.now() - started;
    clearInterval(interval);
    expect(result).toEqual({ code: 'timeout', message: 'The PDF took too long to read (over 0.2 s) and was abandoned.' });
    expect(elapsed).toBeLessThan(2_000);
    expect(ticks).toBeGreaterThan(10);
    expect(worstLag).toBeLessThan(200);
    const next = await pool.extract({ bytes: Buffer.from('a,b\n1,2\n'), kind: 'csv' });
    expect(next.text).toContain('| 1 | 2 |');
  });

  it('turns a worker out of memory into too_large, and the pool recovers', async () => {
    const small = new ExtractorPool({ size: 1, maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 });
    try {
      const csv = Buffer.from(`a,b,c,d\n${'1234567,abcdefg,hijklmn,opqrstu\n'.repeat(1_500_000)}`);
      const error = await small.extract({ bytes: csv, kind: 'csv', limits: { maxRows: 10_000_000 } }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'too_large', message: 'The CSV file needs more memory to read than is allowed.' });
      const next = await small.extract({ bytes: Buffer.from('a,b\n1,2\n'), kind: 'csv' });
      expect(next.text).toContain('| 1 | 2 |');
    } finally {
      await small.close();
    }
  }, 60_000);
});
