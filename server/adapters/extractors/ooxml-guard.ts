/**
 * Checks a DOCX/XLSX ZIP from its central directory before mammoth or exceljs inflate anything:
 * declared sizes, entry count, compression ratio, entry names. Then streams the XML parts through
 * a byte cap looking for DTDs, because the parsers behind mammoth and exceljs would expand
 * entities (billion laughs). Also picks up title/author from docProps/core.xml on the way.
 */
import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { ExtractionError, corruptMessage, type ExtractionLimits } from './types.ts';

export interface OoxmlSummary {
  entries: string[];
  title?: string;
  author?: string;
}

const RATIO_CHECK_FROM = 1024 * 1024;
const MB = 1024 * 1024;

export async function checkOoxmlArchive(
  bytes: Uint8Array,
  kind: 'docx' | 'xlsx',
  limits: Pick<ExtractionLimits, 'maxUncompressedBytes' | 'maxZipEntries' | 'maxCompressionRatio'>,
): Promise<OoxmlSummary> {
  const refuse = (why: string) => new ExtractionError('limits', `${label(kind)} was refused: ${why}`);
  const zip = await openZip(bytes).catch(() => {
    throw new ExtractionError('corrupt', corruptMessage(kind));
  });
  try {
    if (zip.entryCount > limits.maxZipEntries) {
      throw refuse(`it contains ${zip.entryCount} parts (the limit is ${limits.maxZipEntries}).`);
    }
    const entries = await readEntries(zip, kind);
    let total = 0;
    for (const entry of entries) {
      const name = entry.fileName;
      if (isUnsafePath(name)) throw refuse(`it contains a part with an unsafe path (${JSON.stringify(name.slice(0, 80))}).`);
      total += entry.uncompressedSize;
      if (total > limits.maxUncompressedBytes) {
        throw refuse(`it would unpack to more than ${Math.round(limits.maxUncompressedBytes / MB)} MB.`);
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > RATIO_CHECK_FROM && ratio > limits.maxCompressionRatio) {
        throw refuse(`a part is compressed ${Math.round(ratio)}:1, which looks like a ZIP bomb.`);
      }
    }
    const names = entries.map((entry) => entry.fileName);
    const main = kind === 'docx' ? 'word/document.xml' : 'xl/workbook.xml';
    if (!names.includes('[Content_Types].xml') || !names.includes(main)) {
      throw new ExtractionError('corrupt', corruptMessage(kind));
    }
    const summary: OoxmlSummary = { entries: names };
    for (const entry of entries) {
      if (!/\.(xml|rels|vml)$/i.test(entry.fileName)) continue;
      const xml = await readEntryHead(zip, entry, kind, entry.fileName === 'docProps/core.xml');
      if (xml !== null) Object.assign(summary, coreProperties(xml));
    }
    return summary;
  } finally {
    zip.close();
  }
}

function label(kind: 'docx' | 'xlsx'): string {
  return kind === 'docx' ? 'The Word document' : 'The Excel workbook';
}

export function isUnsafePath(name: string): boolean {
  return (
    name.startsWith('/') ||
    name.startsWith('\\') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split(/[\\/]/).some((segment) => segment === '..') ||
    name.includes('\0')
  );
}

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are checked by us (with a readable message), so yauzl's own name check is off.
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    );
  });
}

function readEntries(zip: yauzl.ZipFile, kind: 'docx' | 'xlsx'): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) =>
      reject(
        /invalid relative path|absolute path/i.test(error.message)
          ? new ExtractionError('limits', `${label(kind)} was refused: it contains a part with an unsafe path.`)
          : new ExtractionError('corrupt', corruptMessage(kind)),
      ),
    );
    zip.readEntry();
  });
}

const DTD_PATTERN = /<!(DOCTYPE|ENTITY)/i;

/**
 * Streams one part, refusing a DTD anywhere in it. yauzl's validateEntrySizes stops a part that
 * inflates past its declared size, and the declared sizes were capped above. Returns the text of
 * the part when `keep` is set (only for small metadata parts).
 */
async function readEntryHead(zip: yauzl.ZipFile, entry: yauzl.Entry, kind: 'docx' | 'xlsx', keep: boolean): Promise<string | null> {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) => (error || !readable ? reject(error) : resolve(readable))),
  ).catch(() => {
    throw new ExtractionError('corrupt', corruptMessage(kind));
  });
  let carry = '';
  const kept: string[] = [];
  let keptBytes = 0;
  try {
    for await (const chunk of stream) {
      const text = carry + (chunk as Buffer).toString('latin1');
      if (DTD_PATTERN.test(text)) {
        throw new ExtractionError(
          'limits',
          `${label(kind)} was refused: it declares XML entities (a DOCTYPE), which Office never writes.`,
        );
      }
      carry = text.slice(-16);
      if (keep && keptBytes < 64 * 1024) {
        kept.push((chunk as Buffer).toString('utf8'));
        keptBytes += (chunk as Buffer).length;
      }
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('corrupt', corruptMessage(kind));
  }
  return keep ? kept.join('') : null;
}

function coreProperties(xml: string): { title?: string; author?: string } {
  const pick = (tag: string) => {
    const match = new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`).exec(xml);
    const value = match?.[1].trim();
    return value ? decodeXmlText(value) : undefined;
  };
  const result: { title?: string; author?: string } = {};
  const title = pick('dc:title');
  const author = pick('dc:creator');
  if (title) result.title = title;
  if (author) result.author = author;
  return result;
}

function decodeXmlText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
