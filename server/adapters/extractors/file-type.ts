/**
 * Decides what an upload is from its bytes, never from its name: a name is only compared with
 * the content so the caller can refuse a mismatch (415). Runs on the first bytes of the file;
 * it only reads headers and never inflates or parses a document.
 */
import { fileTypeFromBuffer } from 'file-type';
import { isOle2, readOle2Directory } from './ole2-directory';
import { ACCEPTED_TYPES_LABEL, type DocumentKind } from './types';

export type DetectedFileType =
  | {
      kind: DocumentKind;
      mime: string;
      /** What the file name's extension claims, or null without a (known) extension. */
      declaredKind: DocumentKind | 'other' | null;
      /** True when the name claims a different type than the content is. */
      mismatch: boolean;
    }
  | { unsupported: true; reason: string; detected: string; declaredKind: DocumentKind | 'other' | null };

const MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const EXTENSIONS: Record<string, DocumentKind> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  xlsx: 'xlsx',
  xls: 'xls',
  csv: 'csv',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
};

const NAMED_REFUSALS: Record<string, string> = {
  exe: 'Programs cannot be uploaded.',
  elf: 'Programs cannot be uploaded.',
  zip: 'ZIP archives other than Word (.docx) and Excel (.xlsx) documents are not supported.',
};

type Ole2Refusal = 'ppt' | 'encrypted' | 'cfb';

const OLE2_REFUSALS: Record<Ole2Refusal, string> = {
  ppt: 'PowerPoint 97-2003 presentations (.ppt) are not supported: save it as PDF and upload that.',
  encrypted: 'This file is password-protected: remove the password in Office and upload it again.',
  cfb: 'This Office 97-2003 file is neither a Word document nor an Excel workbook, and is not supported.',
};

const TEXT_REFUSALS: Array<[RegExp, string, string]> = [
  [/^\s*(<!doctype\s+html|<html|<head|<body|<script|<iframe)/i, 'html', 'Web pages (HTML) are not supported.'],
  [/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+svg|<svg)/i, 'svg', 'SVG images are not supported.'],
  [/^\s*<\?xml/i, 'xml', 'XML files are not supported.'],
  [/^#!/, 'script', 'Scripts cannot be uploaded.'],
  [/^%!PS/, 'postscript', 'PostScript files are not supported.'],
  [/^\{\\rtf/, 'rtf', 'RTF documents are not supported: save it as .docx or PDF.'],
];

function extensionOf(name?: string): string | null {
  const match = name ? /\.([a-z0-9]+)$/i.exec(name.trim()) : null;
  return match ? match[1].toLowerCase() : null;
}

function declaredKindOf(name?: string): DocumentKind | 'other' | null {
  const extension = extensionOf(name);
  if (!extension) return null;
  return EXTENSIONS[extension] ?? 'other';
}

export async function detectFileType(head: Uint8Array, declaredName?: string): Promise<DetectedFileType> {
  const declaredKind = declaredKindOf(declaredName);
  const refuse = (detected: string, why: string): DetectedFileType => ({
    unsupported: true,
    reason: `${why} Accepted types: ${ACCEPTED_TYPES_LABEL}.`,
    detected,
    declaredKind,
  });
  const accept = (kind: DocumentKind): DetectedFileType => ({
    kind,
    mime: MIME[kind],
    declaredKind,
    mismatch: declaredKind !== null && declaredKind !== kind,
  });

  if (head.length === 0) return refuse('empty', 'The file is empty.');
  if (isOle2(head)) return detectOle2(head, declaredName, refuse, accept);
  const sniffed = await fileTypeFromBuffer(head).catch(() => undefined);
  if (sniffed) {
    if (sniffed.ext === 'pdf') return accept('pdf');
    if (sniffed.ext === 'png') return accept('png');
    if (sniffed.ext === 'jpg') return accept('jpeg');
    if (sniffed.ext === 'webp') return accept('webp');
    if (sniffed.ext === 'docx' || sniffed.ext === 'xlsx') return accept(sniffed.ext);
    if (sniffed.ext === 'zip') {
      const office = officeKindFromLocalHeaders(head);
      return office ? accept(office) : refuse('zip', NAMED_REFUSALS.zip);
    }
    return refuse(sniffed.ext, NAMED_REFUSALS[sniffed.ext] ?? `This file type (${sniffed.ext}) is not supported.`);
  }
  // A PDF may start with junk before its header; pdf.js accepts up to 1 KB of it, so do we.
  if (indexOfAscii(head.subarray(0, 1024), '%PDF-') >= 0) return accept('pdf');
  if (head[0] === 0x4d && head[1] === 0x5a) return refuse('exe', NAMED_REFUSALS.exe);
  return detectText(head, declaredKind, refuse, accept);
}

/**
 * Legacy Office files share one container; its stream names say which document it holds. The
 * directory may lie past the head (Word and Excel write it anywhere): then a name that says .doc
 * or .xls (no name: .xls) takes it as that for now, and the worker looks again in the whole file
 * before word-extractor or SheetJS, each reading the whole container, refuses one that is not.
 */
function detectOle2(
  head: Uint8Array,
  declaredName: string | undefined,
  refuse: (detected: string, why: string) => DetectedFileType,
  accept: (kind: DocumentKind) => DetectedFileType,
): DetectedFileType {
  const directory = readOle2Directory(head);
  const kind = ole2Kind(directory.names);
  if (kind === 'xls' || kind === 'doc') return accept(kind);
  if (kind) return refuse(kind, OLE2_REFUSALS[kind]);
  if (directory.state !== 'complete') {
    const extension = extensionOf(declaredName);
    if (extension === 'doc' || extension === 'dot') return accept('doc');
    if (extension === 'ppt' || extension === 'pps') return refuse('ppt', OLE2_REFUSALS.ppt);
    if (extension === null || extension === 'xls') return accept('xls');
  }
  return refuse('cfb', OLE2_REFUSALS.cfb);
}

/** What the top-level stream names of an OLE2 file make it. */
function ole2Kind(names: Set<string>): 'doc' | 'xls' | Ole2Refusal | null {
  const lower = new Set([...names].map((name) => name.toLowerCase()));
  if (lower.has('worddocument')) return 'doc';
  if (lower.has('powerpoint document')) return 'ppt';
  if (lower.has('encryptedpackage')) return 'encrypted';
  if (lower.has('workbook') || lower.has('book')) return 'xls';
  return null;
}

function detectText(
  head: Uint8Array,
  declaredKind: DocumentKind | 'other' | null,
  refuse: (detected: string, why: string) => DetectedFileType,
  accept: (kind: DocumentKind) => DetectedFileType,
): DetectedFileType {
  if (head.includes(0)) return refuse('binary', 'This file type is not recognised.');
  const text = decodeUtf8Head(head);
  if (text === null) return refuse('binary', 'This file is neither a known document type nor UTF-8 text.');
  for (const [pattern, detected, why] of TEXT_REFUSALS) if (pattern.test(text)) return refuse(detected, why);
  // A one-column CSV has no delimiter to find; the name is the only hint left, so it is trusted there.
  if (hasConsistentDelimiter(text) || (declaredKind === 'csv' && text.trim().length > 0)) return accept('csv');
  return refuse('text', 'Plain text files are not supported; CSV needs a consistent delimiter (comma, semicolon, tab or |).');
}

/** UTF-8 text without the BOM, or null; a multi-byte character cut by the end of `head` is fine. */
function decodeUtf8Head(head: Uint8Array): string | null {
  let end = head.length;
  let back = 0;
  while (back < 3 && end - back - 1 >= 0 && (head[end - back - 1] & 0xc0) === 0x80) back++;
  const lead = head[end - back - 1];
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (needed > back + 1) end = end - back - 1;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch {
    return null;
  }
}

const DELIMITERS = [',', ';', '\t', '|'];

/** Same count of one delimiter (outside quotes) on every complete line of the head. */
export function hasConsistentDelimiter(text: string): boolean {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1) lines.pop(); // the head may cut the last line
  const sample = lines.filter((line) => line.trim() !== '').slice(0, 50);
  if (sample.length === 0) return false;
  return DELIMITERS.some((delimiter) => {
    const counts = sample.map((line) => countOutsideQuotes(line, delimiter));
    return counts[0] > 0 && counts.every((count) => count === counts[0]);
  });
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let quoted = false;
  let count = 0;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}

/** Walks the ZIP local file headers in `head` looking for the parts that make a DOCX or XLSX. */
function officeKindFromLocalHeaders(head: Uint8Array): 'docx' | 'xlsx' | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let offset = 0;
  let hasContentTypes = false;
  let kind: 'docx' | 'xlsx' | null = null;
  while (offset + 30 <= head.length && view.getUint32(offset, true) === 0x04034b50) {
    const flags = view.getUint16(offset + 6, true);
    const compressedSize = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    const name = new TextDecoder().decode(head.subarray(offset + 30, offset + 30 + nameLength));
    if (name === '[Content_Types].xml') hasContentTypes = true;
    if (name.startsWith('word/')) kind ??= 'docx';
    if (name.startsWith('xl/')) kind ??= 'xlsx';
    if (hasContentTypes && kind) return kind;
    // With a data descriptor the size is not in the local header: stop rather than guess.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return null;
}

function indexOfAscii(bytes: Uint8Array, needle: string): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, 0, 'latin1');
}

/** What an imported table (a vendor list) may be. */
export type DetectedTableKind = { kind: 'csv' | 'xlsx' | 'xls'; unsupported?: never } | { unsupported: true; reason: string; detected: string };

const TABLE_TYPES_LABEL = 'CSV or Excel (.csv, .xlsx, .xls)';

const TABLE_NOUNS: Record<string, string> = {
  pdf: 'a PDF',
  docx: 'a Word document',
  png: 'an image',
  jpeg: 'an image',
  webp: 'an image',
  html: 'a web page (HTML); if your system saved it with an Excel name, open it in Excel and save it as .xlsx or CSV',
};

/**
 * Decides whether a file is a table KAI can import, from its content: CSV (UTF-8 or Windows-1252
 * text with a delimiter on most lines, so a title row above the header is fine), XLSX, or an OLE2
 * compound file taken as legacy XLS (the reader refuses one that holds no workbook).
 */
export async function detectTableKind(head: Uint8Array, declaredName?: string): Promise<DetectedTableKind> {
  const refuse = (detected: string, what?: string): DetectedTableKind => ({
    unsupported: true,
    detected,
    reason: `${what ? `This file is ${what}. ` : ''}Only ${TABLE_TYPES_LABEL} files can be imported.`,
  });
  if (head.length === 0) return { unsupported: true, detected: 'empty', reason: 'The file is empty.' };
  if (isOle2(head)) return { kind: 'xls' };
  const detected = await detectFileType(head, declaredName);
  if (!('unsupported' in detected)) {
    return detected.kind === 'csv' || detected.kind === 'xlsx' ? { kind: detected.kind } : refuse(detected.kind, TABLE_NOUNS[detected.kind]);
  }
  if (detected.detected === 'binary' || detected.detected === 'text') {
    if (!head.includes(0) && looksDelimited(decodeUtf8Head(head) ?? new TextDecoder('windows-1252').decode(head))) return { kind: 'csv' };
  }
  return refuse(detected.detected, TABLE_NOUNS[detected.detected]);
}

/** Most non-blank lines of the head share one delimiter count above zero (titles and notes aside). */
function looksDelimited(text: string): boolean {
  return guessDelimiter(text) !== null;
}

/**
 * The delimiter (comma, semicolon, tab or |) that most non-blank lines of `text` use the same
 * number of times outside quotes; a title or note line above the table does not throw it off.
 */
export function guessDelimiter(text: string): string | null {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1) lines.pop();
  const sample = lines.filter((line) => line.trim() !== '').slice(0, 50);
  let best: { delimiter: string; lines: number; count: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const line of sample) {
      const count = countOutsideQuotes(line, delimiter);
      if (count > 0) counts.set(count, (counts.get(count) ?? 0) + 1);
    }
    for (const [count, lineCount] of counts) {
      const consistent = lineCount >= 2 ? lineCount / sample.length >= 0.6 : sample.length <= 2;
      if (consistent && (!best || lineCount > best.lines || (lineCount === best.lines && count > best.count)))
        best = { delimiter, lines: lineCount, count };
    }
  }
  return best?.delimiter ?? null;
}
