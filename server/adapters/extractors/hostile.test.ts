import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { MB, deflatedZeros, lyingPart, makeBlankScanPdf, makeFlateBombPdf, readZipParts, withExtraParts } from './bomb-fixtures';
import { ExtractorPool } from './extract';
import {
  BILLION_LAUGHS_PROLOG,
  makeDocx,
  makeLoopingPdf,
  makePixelBombPng,
  makeScannedPdf,
  makeTextPdf,
  makeXlsx,
  makeZip,
  makeZipBombXlsx,
  renderTextImage,
} from './test-fixtures';
import type { DocumentKind, ExtractionLimits } from './types';

const pool = new ExtractorPool({ size: 2 });
afterAll(() => pool.close());

async function failure(bytes: Uint8Array, kind: DocumentKind, limits?: Partial<ExtractionLimits>) {
  const error = await pool.extract({ bytes, kind, limits }).then(
    () => new Error('expected the extraction to fail'),
    (rejection: unknown) => rejection,
  );
  return { code: (error as { code?: string }).code, message: (error as Error).message };
}

/**
 * Growth of this process's memory (the workers are threads of it) while `run` goes. An ordinary
 * file goes first, so the worker that takes the job (the first idle one) is already started.
 */
async function memoryGrowth<T>(warmUp: { bytes: Uint8Array; kind: DocumentKind }, run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  await pool.extract(warmUp);
  const before = process.memoryUsage().rss;
  const result = await run();
  return { result, growth: process.memoryUsage().rss - before };
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
      const docx = makeZip([
        { name: '[Content_Types].xml', data: '<Types/>' },
        { name: 'word/document.xml', data: '<d/>' },
        { name, data: 'x' },
      ]);
      expect(await failure(docx, 'docx'), name).toMatchObject({ code: 'limits', message: expect.stringMatching(/unsafe path/) });
    }
  });

  it('refuses symbolic-link parts (a reader that unpacks to disk would follow them)', async () => {
    const docx = makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: '<d/>' },
      { name: 'word/media/link.png', data: '/etc/passwd', unixMode: 0o120777 },
    ]);
    expect(await failure(docx, 'docx')).toMatchObject({ code: 'limits', message: expect.stringMatching(/symbolic link/) });
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
    // Both workers started first: a worker's start-up (seconds on a loaded machine) is not the job's time.
    const csv = { bytes: Buffer.from('a,b\n1,2\n'), kind: 'csv' as const };
    await Promise.all([pool.extract(csv), pool.extract(csv)]);
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
    // The main thread kept its timers going (loosely: other test files share the CPU).
    expect(ticks).toBeGreaterThan(5);
    expect(worstLag).toBeLessThan(400);
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

  it('counts every ZIP part as it inflates: a part that lies about its size stops at the lie', async () => {
    const workbook = await makeXlsx({ Vendors: [['Vendor Name'], ['Hendricks Lumber']] });
    const lying = await withExtraParts(workbook, [lyingPart('xl/media/image1.png', 512)]);
    expect(lying.length).toBeLessThan(MB);
    const started = performance.now();
    const { result, growth } = await memoryGrowth({ bytes: workbook, kind: 'xlsx' }, () => failure(lying, 'xlsx'));
    expect(result).toEqual({
      code: 'limits',
      message: 'The Excel workbook was refused: a part unpacks to more than its header says (xl/media/image1.png), which looks like a ZIP bomb.',
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(growth).toBeLessThan(150 * MB);
    const docx = await withExtraParts(makeDocx({ heading: 'Terms', paragraphs: ['Net 30'] }), [lyingPart('word/media/image1.png', 64)]);
    expect(await failure(docx, 'docx')).toMatchObject({
      code: 'limits',
      message: expect.stringMatching(/^The Word document was refused: a part unpacks to more/),
    });
    const xmlLie = await withExtraParts(workbook, [{ name: 'xl/worksheets/sheet9.xml', data: '', deflated: deflatedZeros(64), declaredSize: 100 }]);
    expect((await failure(xmlLie, 'xlsx')).code).toBe('limits');
  });

  it('refuses an honest-size bomb spread over parts each too small for the ratio check', async () => {
    const parts = Array.from({ length: 40 }, (_, i) => ({ name: `xl/media/image${i}.png`, data: '', deflated: deflatedZeros(1), declaredSize: MB }));
    const spread = await withExtraParts(await makeXlsx({ Sheet1: [['x']] }), parts);
    expect(await failure(spread, 'xlsx', { maxUncompressedBytes: 32 * MB })).toEqual({
      code: 'limits',
      message: 'The Excel workbook was refused: it would unpack to more than 32 MB.',
    });
  });

  it('refuses a ZIP whose directory hides parts from the inspection (count or offsets off)', async () => {
    const workbook = await makeXlsx({ Sheet1: [['x']] });
    // yauzl reads as many parts as the end record counts; the JSZip inside exceljs reads them all.
    const counted = (await readZipParts(workbook)).length;
    const hidden = await withExtraParts(workbook, [lyingPart('xl/media/image1.png', 64)], { declaredCount: counted });
    expect(await failure(hidden, 'xlsx')).toEqual({
      code: 'limits',
      message: 'The Excel workbook was refused: its ZIP directory does not add up, so some parts could not be checked.',
    });
  });

  it('refuses a PDF whose content stream is a compression bomb, counting as it inflates', async () => {
    const bomb = makeFlateBombPdf(512);
    expect(bomb.length).toBeLessThan(MB);
    // Timed from the bomb itself: the warm-up job before it is not what is measured.
    let started = 0;
    const { result, growth } = await memoryGrowth({ bytes: makeTextPdf([[[72, 700, 'Warm-up']]]), kind: 'pdf' }, () => {
      started = performance.now();
      return failure(bomb, 'pdf');
    });
    expect(result).toEqual({
      code: 'limits',
      message: 'The PDF was refused: a compressed stream in it expands more than 100-fold, which looks like a compression bomb.',
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(growth).toBeLessThan(150 * MB);
    for (const encoding of ['ascii85-flate', 'flate-flate', 'brotli'] as const) {
      expect(await failure(makeFlateBombPdf(encoding === 'brotli' ? 48 : 512, { encoding }), 'pdf'), encoding).toMatchObject({ code: 'limits' });
    }
    // A picture may compress like a bomb (a blank scan), so only the total holds it.
    const picture = makeFlateBombPdf(48, { dict: '/Subtype /Image' });
    expect(await failure(picture, 'pdf', { maxUncompressedBytes: 32 * MB })).toEqual({
      code: 'limits',
      message: 'The PDF was refused: its compressed streams would unpack to more than 32 MB.',
    });
  });

  it('still reads ordinary files in full after the bomb checks', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('Invoice 1042 from Hendricks Lumber', { x: 72, y: 720, size: 12, font });
    const compressed = await pool.extract({ bytes: await doc.save(), kind: 'pdf' });
    expect(compressed.text).toBe('Invoice 1042 from Hendricks Lumber');
    const blankScan = await pool.extract({ bytes: makeBlankScanPdf(), kind: 'pdf' });
    expect(blankScan.text).toBe('Blank page scanned after invoice 1042');
    const xlsx = await pool.extract({
      bytes: await makeXlsx({
        Vendors: [
          ['Vendor Name', 'City'],
          ['Hendricks Lumber', 'Houston'],
        ],
      }),
      kind: 'xlsx',
    });
    expect(xlsx.text).toContain('| Hendricks Lumber | Houston |');
    const docx = await pool.extract({ bytes: makeDocx({ heading: 'Terms', paragraphs: ['Net 30 days'] }), kind: 'docx' });
    expect(docx.text).toContain('Net 30 days');
  });

  it('fails a job whose worker holds more memory outside the V8 heap than allowed, and recovers', async () => {
    // resourceLimits cap the V8 heap only; pdf.js keeps decoded streams in ArrayBuffers outside it.
    const small = new ExtractorPool({ size: 1, maxExternalMemoryMb: 96 });
    try {
      const picture = makeFlateBombPdf(160, { dict: '/Subtype /Image' });
      expect(await small.extract({ bytes: picture, kind: 'pdf', limits: { maxOcrPages: 0 } }).catch((e: unknown) => e)).toMatchObject({
        code: 'limits',
        message: 'The PDF was refused: reading it took more than 96 MB of memory.',
      });
      const next = await small.extract({ bytes: makeTextPdf([[[72, 700, 'Hello there']]]), kind: 'pdf' });
      expect(next.text).toBe('Hello there');
    } finally {
      await small.close();
    }
  }, 60_000);
});
