/**
 * Compression bombs for the extractor tests, built without ever holding the inflated bytes: a
 * deflate block of 1 MB of zeros ends on a byte boundary when sync-flushed, so repeating it and
 * closing with an empty final block is a valid stream of that many megabytes of zeros, for ZIP
 * parts and for PDF FlateDecode streams alike.
 */
import yauzl from 'yauzl';
import { brotliCompressSync, constants, deflateRawSync, deflateSync } from 'node:zlib';
import { assemblePdf, makeZip, type ZipEntryInput } from './test-fixtures';

export const MB = 1024 * 1024;
const ZEROS_BLOCK = deflateRawSync(Buffer.alloc(MB), { finishFlush: constants.Z_SYNC_FLUSH });
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** `megabytes` MB of zeros, deflated: raw (a ZIP part) or with the zlib wrapper (PDF FlateDecode). */
export function deflatedZeros(megabytes: number, format: 'raw' | 'zlib' = 'raw'): Buffer {
  const blocks = Buffer.concat([...Array<Buffer>(megabytes).fill(ZEROS_BLOCK), FINAL_BLOCK]);
  if (format === 'raw') return blocks;
  // Adler-32 of n zeros: the low sum stays 1, the high sum grows by 1 per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((megabytes * MB) % 65521) * 65536 + 1);
  return Buffer.concat([Buffer.from([0x78, 0x9c]), blocks, adler]);
}

/** The parts of a ZIP, inflated (to add a hostile part to a real workbook or document). */
export async function readZipParts(zip: Buffer): Promise<ZipEntryInput[]> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error || !opened ? reject(error) : resolve(opened))),
  );
  const parts: ZipEntryInput[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) =>
      file.openReadStream(entry, async (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        parts.push({ name: entry.fileName, data: Buffer.concat(chunks) });
        file.readEntry();
      }),
    );
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return parts;
}

/** A part of `megabytes` MB of zeros whose headers declare `declaredSize` bytes. */
export function lyingPart(name: string, megabytes: number, declaredSize = 1000): ZipEntryInput {
  return { name, data: '', deflated: deflatedZeros(megabytes), declaredSize };
}

export async function withExtraParts(zip: Buffer, extra: ZipEntryInput[], options?: { declaredCount?: number }): Promise<Buffer> {
  return makeZip([...(await readZipParts(zip)), ...extra], options);
}

/** Base-85 as PDF's ASCII85Decode reads it, with the `~>` end marker. */
export function ascii85(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const group = bytes.subarray(i, i + 4);
    let value = 0;
    for (let j = 0; j < 4; j++) value = value * 256 + (group[j] ?? 0);
    if (value === 0 && group.length === 4) {
      out += 'z';
      continue;
    }
    let digits = '';
    for (let j = 0; j < 5; j++) {
      digits = String.fromCharCode(33 + (value % 85)) + digits;
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, group.length + 1);
  }
  return `${out}~>`;
}

export type BombEncoding = 'flate' | 'ascii85-flate' | 'flate-flate' | 'brotli';

function encodeZeros(megabytes: number, encoding: BombEncoding): { data: Buffer; filter: string } {
  switch (encoding) {
    case 'flate':
      return { data: deflatedZeros(megabytes, 'zlib'), filter: '/FlateDecode' };
    case 'ascii85-flate':
      return { data: Buffer.from(ascii85(deflatedZeros(megabytes, 'zlib')), 'latin1'), filter: '[/ASCII85Decode /FlateDecode]' };
    case 'flate-flate':
      return { data: deflateSync(deflatedZeros(megabytes, 'zlib')), filter: '[/FlateDecode /FlateDecode]' };
    case 'brotli':
      return { data: brotliCompressSync(Buffer.alloc(megabytes * MB), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }), filter: '/BrotliDecode' };
  }
}

function pdfStream(data: Buffer, dict: string): Buffer {
  return Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dict} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/**
 * A one-page PDF with a line of text whose second content stream inflates to `megabytes` MB of
 * zeros (whitespace to a PDF parser, so the page still reads). `dict` adds entries to the bomb's
 * stream dictionary (`/Subtype /Image` to pass for a picture).
 */
export function makeFlateBombPdf(megabytes: number, options: { encoding?: BombEncoding; dict?: string } = {}): Buffer {
  const { data, filter } = encodeZeros(megabytes, options.encoding ?? 'flate');
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents [5 0 R 6 0 R] >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    pdfStream(Buffer.from('BT /F1 12 Tf 72 760 Td (Invoice 1042 from Hendricks Lumber) Tj ET'), ''),
    pdfStream(data, `/Filter ${filter} ${options.dict ?? ''}`),
  ]);
}

/**
 * A text page showing a blank 8-bit grey picture of a scanned A4 page, FlateDecoded: legitimate,
 * yet compressed about 1000:1 like a bomb.
 */
export function makeBlankScanPdf(): Buffer {
  const width = 2480;
  const height = 3508;
  const image = deflateSync(Buffer.alloc(width * height, 0xff));
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    pdfStream(Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q BT /F1 12 Tf 72 760 Td (Blank page scanned after invoice 1042) Tj ET'), ''),
    pdfStream(
      image,
      `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
    ),
  ]);
}

/**
 * A PDF of about 3 KB whose one page is `side` points square (14,400: 200 in, far beyond any
 * paper) with a 13-character title and 120 black boxes, too little text for a text layer, so the
 * page is drawn and OCRed.
 */
export function makeHugePagePdf(side = 14_400): Buffer {
  const boxes = Array.from({ length: 120 }, (_, i) => `${(i * 97) % side} ${(i * 331) % side} ${40 + (i % 7) * 30} ${20 + (i % 5) * 20} re`);
  const content = `BT /F1 900 Tf 400 ${side - 1500} Td (INVOICE 1042) Tj ET 0 g ${boxes.join(' ')} f`;
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${side} ${side}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    pdfStream(Buffer.from(content), ''),
  ]);
}
