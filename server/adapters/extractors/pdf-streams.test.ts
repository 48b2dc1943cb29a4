import { PDFDocument, StandardFonts } from 'pdf-lib';
import { brotliCompressSync, constants, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MB, ascii85, deflatedZeros, makeBlankScanPdf, makeFlateBombPdf } from './bomb-fixtures';
import { checkPdfStreams } from './pdf-streams';
import { assemblePdf, makeScannedPdf, makeTextPdf, renderTextImage } from './test-fixtures';
import { DEFAULT_LIMITS, type ExtractionLimits } from './types';

const RATIO = 'The PDF was refused: a compressed stream in it expands more than 100-fold, which looks like a compression bomb.';

async function verdict(pdf: Uint8Array, limits: Partial<ExtractionLimits> = {}): Promise<string> {
  return checkPdfStreams(pdf, { ...DEFAULT_LIMITS, ...limits }).then(
    () => 'accepted',
    (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
  );
}

/** A one-page PDF whose only content stream is `data` under the dictionary `dict`. */
function pdfWithStream(data: Buffer, dict: string, extra: string[] = []): Buffer {
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< ${dict} >>\nstream\n`), data, Buffer.from('\nendstream')]),
    ...extra,
  ]);
}

describe('checkPdfStreams', () => {
  it('stops a FlateDecode bomb after about 1 MB of output, without holding it', async () => {
    const before = process.memoryUsage().arrayBuffers;
    const started = performance.now();
    expect(await verdict(makeFlateBombPdf(1024))).toBe(`limits: ${RATIO}`);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * MB);
  });

  it('follows filter chains that wrap the bomb: ASCII85, ASCIIHex, Flate twice, Brotli', async () => {
    for (const encoding of ['ascii85-flate', 'flate-flate'] as const) {
      expect(await verdict(makeFlateBombPdf(256, { encoding })), encoding).toBe(`limits: ${RATIO}`);
    }
    const hex = deflatedZeros(64, 'zlib').toString('hex');
    expect(await verdict(pdfWithStream(Buffer.from(`${hex}>`), `/Length ${hex.length + 1} /Filter [/AHx /Fl]`))).toBe(`limits: ${RATIO}`);
    const brotli = brotliCompressSync(Buffer.alloc(16 * MB), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(await verdict(pdfWithStream(brotli, `/Length ${brotli.length} /Filter /BrotliDecode`))).toBe(`limits: ${RATIO}`);
  });

  it('sees through disguises: escaped names, an indirect filter, a string with brackets, a short /Length', async () => {
    const zeros = deflatedZeros(64, 'zlib');
    const a85 = Buffer.from(ascii85(zeros), 'latin1');
    expect(await verdict(pdfWithStream(a85, `/Length ${a85.length} /Filter [/ASCII85#44ecode /Fl#61teDecode]`))).toBe(`limits: ${RATIO}`);
    expect(await verdict(pdfWithStream(a85, `/Length ${a85.length} /Filter 5 0 R`, ['[/A85 /FlateDecode]']))).toBe(`limits: ${RATIO}`);
    expect(await verdict(pdfWithStream(a85, `/Note (a >> b \\) << c) /Filter [/A85 /Fl] /Length ${a85.length}`))).toBe(`limits: ${RATIO}`);
    // pdf.js looks for endstream when /Length is wrong; the count runs to the end of the zlib data.
    expect(await verdict(pdfWithStream(zeros, '/Length 10 /Filter /FlateDecode'))).toBe(`limits: ${RATIO}`);
    // With no filter named where the search looks, data that starts like zlib is still counted.
    expect(await verdict(pdfWithStream(zeros, '/Length 10'))).toBe(`limits: ${RATIO}`);
  });

  it('holds pictures and xref tables to the total only: a blank scan compresses like a bomb', async () => {
    expect(await verdict(makeBlankScanPdf())).toBe('accepted');
    expect(await verdict(makeFlateBombPdf(48, { dict: '/Subtype /Image' }))).toBe('accepted');
    expect(await verdict(makeFlateBombPdf(48, { dict: '/Subtype /Image' }), { maxUncompressedBytes: 32 * MB })).toBe(
      'limits: The PDF was refused: its compressed streams would unpack to more than 32 MB.',
    );
    // The total is over all streams: many small ones add up.
    const parts = Array.from({ length: 12 }, () => deflateSync(Buffer.alloc(800 * 1024, 'q Q ')));
    const many = assemblePdf(
      parts.map((part) =>
        Buffer.concat([Buffer.from(`<< /Length ${part.length} /Filter /FlateDecode >>\nstream\n`), part, Buffer.from('\nendstream')]),
      ),
    );
    expect(await verdict(many, { maxUncompressedBytes: 8 * MB })).toBe(
      'limits: The PDF was refused: its compressed streams would unpack to more than 8 MB.',
    );
  });

  it('accepts ordinary PDFs and leaves undecodable streams (JPEG, LZW, encrypted) to pdf.js', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let page = 1; page <= 3; page++) doc.addPage().drawText(`Invoice 1042, page ${page}`, { x: 72, y: 720, size: 12, font });
    expect(await verdict(await doc.save())).toBe('accepted');
    expect(await verdict(makeTextPdf([[[72, 700, 'Hello there']]]))).toBe('accepted');
    const jpeg = await renderTextImage(['scan'], 'jpeg', { width: 200, height: 100 });
    expect(await verdict(makeScannedPdf(jpeg, { width: 200, height: 100 }))).toBe('accepted');
    const lzw = Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect(await verdict(pdfWithStream(lzw, `/Length ${lzw.length} /Filter /LZWDecode`))).toBe('accepted');
    // Encrypted data is noise to zlib: there is nothing to count before pdf.js decrypts it.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
    expect(await verdict(pdfWithStream(noise, `/Length ${noise.length} /Filter /FlateDecode`))).toBe('accepted');
    expect(await verdict(Buffer.from('%PDF-1.4\n1 0 obj << /Length 5 >>\nstream'))).toBe('accepted');
  });
});
