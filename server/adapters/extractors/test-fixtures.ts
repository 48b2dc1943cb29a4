/**
 * Builds the files the extractor tests need, at test time: hand-written PDFs with correct xref
 * offsets, a tiny ZIP writer for DOCX parts, images of rendered text, and the hostile files
 * (bombs, zip-slip, billion laughs). Only a Word 97-2003 .doc, which none of the project's
 * packages can write, is committed (fixtures/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ZipEntryInput {
  name: string;
  data: string | Uint8Array;
  /** Lie about the uncompressed size in the headers (for declared-size bombs). */
  declaredSize?: number;
  /** Raw deflate data to store as it is, instead of deflating `data` (for bombs built without inflating them). */
  deflated?: Buffer;
  /** Unix mode in the central directory (made by Unix), e.g. 0o120777 for a symbolic link. */
  unixMode?: number;
}

/**
 * Minimal ZIP writer (deflate, no data descriptors, no ZIP64). `declaredCount` lies about the
 * number of parts in the end record.
 */
export function makeZip(entries: ZipEntryInput[], options: { declaredCount?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : Buffer.from(entry.data);
    const compressed = entry.deflated ?? deflateRawSync(data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // "Made by" Unix (3) when a mode is given, so readers take the high 16 bits of the attributes as st_mode.
    central.writeUInt16LE(entry.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    if (entry.unixMode !== undefined) central.writeUInt32LE((entry.unixMode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(options.declaredCount ?? entries.length, 8);
  end.writeUInt16LE(options.declaredCount ?? entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A DOCX with a heading, paragraphs and optional text prepended to document.xml (for DOCTYPE attacks). */
export function makeDocx(options: { heading: string; paragraphs: string[]; prolog?: string; title?: string }): Buffer {
  const paragraphs = options.paragraphs.map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`).join('');
  const document = `${options.prolog ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'}
<w:document ${W}><w:body>
<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${options.heading}</w:t></w:r></w:p>${paragraphs}
</w:body></w:document>`;
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'word/document.xml', data: document },
    {
      name: 'word/styles.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>`,
    },
    {
      name: 'docProps/core.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${options.title ?? ''}</dc:title><dc:creator>Test Author</dc:creator></cp:coreProperties>`,
    },
  ]);
}

export const BILLION_LAUGHS_PROLOG = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>`;

export async function makeXlsx(sheets: Record<string, Array<Array<string | number>>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Test Author';
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A legacy Excel 97-2003 (BIFF8) workbook, written by SheetJS. */
export function makeXls(sheets: Record<string, Array<Array<string | number | Date>>>, props?: { Title?: string; Author?: string }): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  if (props) workbook.Props = props;
  return XLSX.write(workbook, { bookType: 'xls', type: 'buffer' }) as Buffer;
}

/**
 * A subcontract note as Word 97-2003 writes it (10 KB): LibreOffice 7.4 made it from HTML with
 * `soffice --convert-to 'doc:MS Word 97'`. A "Heading 1", a "Heading 2" and three paragraphs.
 */
export function readSubcontractNoteDoc(): Buffer {
  return readFileSync(new URL('./fixtures/subcontract-note.doc', import.meta.url));
}

/** An OLE2 compound file holding these streams (paths like '/WordDocument' or '/ObjectPool/_1/Workbook'). */
export function makeOle2(streams: Record<string, string | Uint8Array>): Buffer {
  const container = XLSX.CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams))
    XLSX.CFB.utils.cfb_add(container, name, typeof data === 'string' ? Buffer.from(data) : Buffer.from(data));
  return XLSX.CFB.write(container, { type: 'buffer' }) as Buffer;
}

/** An XLSX-shaped ZIP whose sheet is `megabytes` MB of zeros: a compression ratio near 1000:1. */
export function makeZipBombXlsx(megabytes: number): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'xl/workbook.xml', data: '<workbook/>' },
    { name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(megabytes * 1024 * 1024) },
  ]);
}

/** Black text on white, `size` pixels, in one of the encodings canvas can write. */
export async function renderTextImage(
  lines: string[],
  format: 'png' | 'jpeg' | 'webp',
  size = { width: 1240, height: 600 },
  fontPx = 36,
): Promise<Buffer> {
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.fillStyle = '#000';
  ctx.font = `${fontPx}px "Liberation Sans", "DejaVu Sans", sans-serif`;
  lines.forEach((line, i) => ctx.fillText(line, 60, 80 + i * fontPx * 1.6));
  // encodeSync: an async encode whose canvas is collected mid-way crashes the process (Brooooooklyn/canvas#1312).
  if (format === 'png') return canvas.encodeSync('png');
  if (format === 'jpeg') return canvas.encodeSync('jpeg', 92);
  return canvas.encodeSync('webp', 95);
}

/** A structurally valid PNG whose header declares width x height; the pixel data is absent. */
export function makePixelBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateRawSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Serialises numbered objects into a PDF with a correct xref table. */
export function assemblePdf(objects: Array<string | Buffer>, info?: string): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const body = typeof object === 'string' ? Buffer.from(object, 'latin1') : object;
    const wrapped = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(wrapped);
    length += wrapped.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`]
    .concat(offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`))
    .join('');
  const infoRef = info ? ` /Info ${objects.length} 0 R` : '';
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${infoRef} >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function stream(content: Buffer | string, dict = ''): Buffer {
  const data = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
  return Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dict}>>\nstream\n`), data, Buffer.from('\nendstream')]);
}

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * One A4 page per entry; each line is `[x, y, text]` in points (origin bottom-left), Helvetica 12.
 * Objects: 1 catalog, 2 pages, 3 font, then page/content pairs, then the info dictionary.
 */
export function makeTextPdf(pages: Array<Array<[number, number, string]>>, title = 'Test PDF'): Buffer {
  const objects: Array<string | Buffer> = [];
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pages.forEach((lines, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`);
    const ops = lines.map(([x, y, text]) => `BT /F1 12 Tf ${x} ${y} Td (${escapePdf(text)}) Tj ET`).join('\n');
    objects.push(stream(ops));
  });
  objects.push(`<< /Title (${escapePdf(title)}) /Author (Test Author) >>`);
  return assemblePdf(objects, 'info');
}

/** A one-page A4 PDF whose only content is a JPEG image (a "scan"), optionally after a text page. */
export function makeScannedPdf(jpeg: Buffer, pixelSize: { width: number; height: number }, textPageLine?: string): Buffer {
  const withText = textPageLine !== undefined;
  const imagePage = withText ? 6 : 4;
  const kids = withText ? `4 0 R ${imagePage} 0 R` : `${imagePage} 0 R`;
  const objects: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${withText ? 2 : 1} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  if (withText) {
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>');
    objects.push(stream(`BT /F1 12 Tf 72 760 Td (${escapePdf(textPageLine)}) Tj ET`));
  }
  const image = imagePage + 2;
  objects.push(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 ${image} 0 R >> >> /Contents ${imagePage + 1} 0 R >>`,
  );
  objects.push(stream('q 595 0 0 842 0 0 cm /Im1 Do Q'));
  objects.push(
    stream(
      jpeg,
      `/Type /XObject /Subtype /Image /Width ${pixelSize.width} /Height ${pixelSize.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode `,
    ),
  );
  return assemblePdf(objects);
}

/** An A4 PDF of scanned pages only, one per JPEG (all `pixelSize`): every page needs OCR. */
export function makeScannedPdfPages(jpegs: Buffer[], pixelSize: { width: number; height: number }): Buffer {
  // Objects 1-2 are the catalog and page tree; each page then takes three: page, contents, image.
  const pageObject = (i: number) => 3 + i * 3;
  const objects: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${jpegs.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] /Count ${jpegs.length} >>`,
  ];
  jpegs.forEach((jpeg, i) => {
    const page = pageObject(i);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 ${page + 2} 0 R >> >> /Contents ${page + 1} 0 R >>`,
      stream('q 595 0 0 842 0 0 cm /Im1 Do Q'),
      stream(
        jpeg,
        `/Type /XObject /Subtype /Image /Width ${pixelSize.width} /Height ${pixelSize.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode `,
      ),
    );
  });
  return assemblePdf(objects);
}

/** A PDF whose page tree points back at itself and whose content is deeply nested garbage. */
export function makeLoopingPdf(): Buffer {
  const nested = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream(`BT ${nested} ET`),
  ]);
}

/** A thread's nice value: Linux keeps one per thread (field 19 of /proc/self/task/<tid>/stat). */
export function niceOfThread(task: string): number {
  const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** Ids of this process's threads running at `nice`: how tests tell a pool's workers apart. */
export function threadsAtNice(nice: number): string[] {
  return readdirSync('/proc/self/task').filter((task) => {
    try {
      return niceOfThread(task) === nice;
    } catch {
      return false; // the thread ended between the listing and the read
    }
  });
}
