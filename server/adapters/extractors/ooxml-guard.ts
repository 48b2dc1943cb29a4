/**
 * Checks a DOCX/XLSX ZIP before mammoth or exceljs inflate anything. From the central directory:
 * declared sizes, entry count, compression ratio, entry names, and a directory every reader sees
 * alike. Then inflates every part through a counter, trusting no header: a part stops the moment
 * it outgrows its declared size, the archive at the size limit, so the parsers that inflate it
 * again can only meet what was counted here (issue 10: a 1.5 MB workbook whose picture declared
 * 1,000 bytes became 1.5 GB in exceljs). XML parts are also searched for DTDs, because the parsers
 * behind mammoth and exceljs would expand entities (billion laughs). Picks up title/author from
 * docProps/core.xml on the way.
 */
import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { ExtractionError, corruptMessage, type ExtractionLimits } from './types';
import { directoryAddsUp } from './zip-layout';

export interface OoxmlSummary {
  entries: string[];
  title?: string;
  author?: string;
}

const RATIO_CHECK_FROM = 1024 * 1024;
const MB = 1024 * 1024;

type ArchiveLimits = Pick<ExtractionLimits, 'maxUncompressedBytes' | 'maxZipEntries' | 'maxCompressionRatio'>;

/** What every part of one archive is counted against while it inflates. */
interface Inflation {
  kind: 'docx' | 'xlsx';
  limits: ArchiveLimits;
  refuse: (why: string) => ExtractionError;
  /** Bytes inflated so far over all parts. */
  total: number;
}

export async function checkOoxmlArchive(bytes: Uint8Array, kind: 'docx' | 'xlsx', limits: ArchiveLimits): Promise<OoxmlSummary> {
  const refuse = (why: string) => new ExtractionError('limits', `${label(kind)} was refused: ${why}`);
  const zip = await openZip(bytes).catch(() => {
    throw new ExtractionError('corrupt', corruptMessage(kind));
  });
  try {
    if (zip.entryCount > limits.maxZipEntries) {
      throw refuse(`it contains ${zip.entryCount} parts (the limit is ${limits.maxZipEntries}).`);
    }
    const entries = await readEntries(zip, kind);
    if (!directoryAddsUp(bytes, entries)) throw refuse('its ZIP directory does not add up, so some parts could not be checked.');
    // The declared sizes refuse an honest bomb before anything inflates.
    let declared = 0;
    for (const entry of entries) {
      const name = entry.fileName;
      if (isUnsafePath(name)) throw refuse(`it contains a part with an unsafe path (${JSON.stringify(name.slice(0, 80))}).`);
      if (isSymlink(entry)) throw refuse(`it contains a symbolic link (${JSON.stringify(name.slice(0, 80))}), which Office never writes.`);
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) {
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
    const inflation: Inflation = { kind, limits, refuse, total: 0 };
    for (const entry of entries) {
      const xml = await inflateEntry(zip, entry, inflation);
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

/** A Unix symbolic link (st_mode in the high half of the external attributes, made by Unix). */
function isSymlink(entry: yauzl.Entry): boolean {
  return entry.versionMadeBy >> 8 === 3 && ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

function isUnsafePath(name: string): boolean {
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
const XML_PART = /\.(xml|rels|vml)$/i;

/**
 * Inflates one part, keeping none of it but the text of docProps/core.xml. yauzl's
 * validateEntrySizes errors as soon as a part inflates past its declared size; the counts here
 * hold the real bytes to the archive's limits whatever the headers say.
 */
async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, inflation: Inflation): Promise<string | null> {
  const { kind, limits, refuse } = inflation;
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) => (error || !readable ? reject(error) : resolve(readable))),
  ).catch(() => {
    throw new ExtractionError('corrupt', corruptMessage(kind));
  });
  const xml = XML_PART.test(entry.fileName);
  const keep = entry.fileName === 'docProps/core.xml';
  let carry = '';
  const kept: string[] = [];
  let keptBytes = 0;
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      inflation.total += chunk.length;
      if (inflation.total > limits.maxUncompressedBytes) {
        throw refuse(`it would unpack to more than ${Math.round(limits.maxUncompressedBytes / MB)} MB.`);
      }
      const ratio = size / Math.max(1, entry.compressedSize);
      if (size > RATIO_CHECK_FROM && ratio > limits.maxCompressionRatio) {
        throw refuse(`a part is compressed ${Math.round(ratio)}:1, which looks like a ZIP bomb.`);
      }
      if (xml) {
        const text = carry + chunk.toString('latin1');
        if (DTD_PATTERN.test(text)) throw refuse('it declares XML entities (a DOCTYPE), which Office never writes.');
        carry = text.slice(-16);
      }
      if (keep && keptBytes < 64 * 1024) {
        kept.push(chunk.toString('utf8'));
        keptBytes += chunk.length;
      }
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof ExtractionError) throw error;
    if (error instanceof Error && /too many bytes in the stream/.test(error.message)) {
      throw refuse(`a part unpacks to more than its header says (${printable(entry.fileName)}), which looks like a ZIP bomb.`);
    }
    throw new ExtractionError('corrupt', corruptMessage(kind));
  }
  return keep ? kept.join('') : null;
}

/** A part's name as it can appear in a message: short, without control characters. */
function printable(name: string): string {
  return name.slice(0, 80).replace(/[\u0000-\u001f\u007f]/g, '?');
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
