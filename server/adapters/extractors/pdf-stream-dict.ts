/**
 * Reads, from the raw bytes of a PDF, what pdf-streams needs to know about one stream: where its
 * data starts and which filters its dictionary names. Best effort and deliberately generous: a
 * `stream` keyword anywhere counts, because an xref may point anywhere (even inside another
 * stream's data), and pdf-streams also sniffs the data itself so a dictionary hidden from this
 * reader does not hide a zlib stream.
 */

const LT = 0x3c;
const GT = 0x3e;
const OPEN = 0x28;
const CLOSE = 0x29;
const BACKSLASH = 0x5c;
/** How far before its `stream` keyword a stream's dictionary may start, and how deeply it may nest. */
const DICT_WINDOW = 16 * 1024;
const MAX_DEPTH = 16;

/** pdf.js's names for the filters, from their abbreviations (inline images use those, and pdf.js accepts them anywhere). */
const FULL_NAMES: Record<string, string> = { Fl: 'FlateDecode', AHx: 'ASCIIHexDecode', A85: 'ASCII85Decode' };

export interface StreamStart {
  /** Offset of the `stream` keyword. */
  keyword: number;
  /** Offset of the first data byte: past the end of the keyword's line, as pdf.js reads it. */
  data: number;
}

/** Every `stream` keyword (not `endstream`) in the file, in order. */
export function* streamStarts(pdf: Buffer): Generator<StreamStart> {
  let lineEnd = -1;
  for (let at = pdf.indexOf('stream'); at >= 0; at = pdf.indexOf('stream', at + 6)) {
    if (at >= 3 && pdf.toString('latin1', at - 3, at) === 'end') continue;
    // Keywords come in increasing order, so the search for each one's line end never goes back.
    if (lineEnd < at + 6) {
      lineEnd = at + 6;
      while (lineEnd < pdf.length && pdf[lineEnd] !== 0x0a && pdf[lineEnd] !== 0x0d) lineEnd++;
    }
    if (lineEnd >= pdf.length) return;
    const data = pdf[lineEnd] === 0x0d && pdf[lineEnd + 1] === 0x0a ? lineEnd + 2 : lineEnd + 1;
    yield { keyword: at, data };
  }
}

export interface StreamDictionary {
  /** Filter names in the order they apply, abbreviations spelled out. */
  filters: string[];
  /** Pictures and xref tables may compress far better than text; only the total holds them. */
  mayCompressWell: boolean;
}

const NO_DICTIONARY: StreamDictionary = { filters: [], mayCompressWell: false };

/** The dictionary just before a `stream` keyword, or no filters when none is found there. */
export function streamDictionary(pdf: Buffer, keyword: number): StreamDictionary {
  const text = dictionaryBefore(pdf, keyword);
  if (text === null) return NO_DICTIONARY;
  const entries = ownEntries(text);
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()%]+|\d+\s+\d+\s+R)/.exec(entries)?.[1] ?? '';
  const value = filter.endsWith('R') ? (resolveReference(pdf, filter) ?? '') : filter;
  const filters = [...value.matchAll(/\/([^\s/[\]<>()%]+)/g)].map(([, name]) => {
    const decoded = name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return FULL_NAMES[decoded] ?? decoded;
  });
  return { filters, mayCompressWell: /\/Subtype\s*\/Image\b|\/Type\s*\/XRef\b/.test(entries) };
}

/** The `<< ... >>` ending (whitespace aside) right before `keyword`, matched backwards. */
function dictionaryBefore(pdf: Buffer, keyword: number): string | null {
  let i = keyword - 1;
  while (i >= 0 && isWhitespace(pdf[i])) i--;
  if (i < 1 || pdf[i] !== GT || pdf[i - 1] !== GT) return null;
  const end = i + 1;
  const floor = Math.max(0, keyword - DICT_WINDOW);
  let depth = 0;
  while (i > floor) {
    if (pdf[i] === GT && pdf[i - 1] === GT) {
      if (++depth > MAX_DEPTH) return null;
      i -= 2;
    } else if (pdf[i] === LT && pdf[i - 1] === LT) {
      if (--depth === 0) return pdf.toString('latin1', i - 1, end);
      i -= 2;
    } else if (pdf[i] === CLOSE && !isEscaped(pdf, i)) {
      i = literalStringStart(pdf, i, floor) - 1;
    } else {
      i--;
    }
  }
  return null;
}

/** Where the literal string ending at `close` opens, walking back over balanced parentheses. */
function literalStringStart(pdf: Buffer, close: number, floor: number): number {
  let depth = 1;
  let i = close - 1;
  for (; i > floor && depth > 0; i--) {
    if (pdf[i] === CLOSE && !isEscaped(pdf, i)) depth++;
    else if (pdf[i] === OPEN && !isEscaped(pdf, i)) depth--;
  }
  return i + 1;
}

function isEscaped(pdf: Buffer, at: number): boolean {
  let backslashes = 0;
  while (at - backslashes - 1 >= 0 && pdf[at - backslashes - 1] === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

/** The dictionary's own entries as text: strings, comments and nested dictionaries blanked out. */
function ownEntries(dict: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < dict.length; i++) {
    const c = dict[i];
    if (c === '(') {
      let nesting = 1;
      while (++i < dict.length && nesting > 0) {
        if (dict[i] === '\\') i++;
        else if (dict[i] === '(') nesting++;
        else if (dict[i] === ')') nesting--;
      }
      i--;
      out += ' ';
    } else if (c === '%') {
      while (i + 1 < dict.length && dict[i + 1] !== '\n' && dict[i + 1] !== '\r') i++;
      out += ' ';
    } else if (c === '<' && dict[i + 1] === '<') {
      depth++;
      i++;
      out += ' ';
    } else if (c === '>' && dict[i + 1] === '>') {
      depth--;
      i++;
      out += ' ';
    } else if (depth === 1) {
      out += c;
    }
  }
  return out;
}

/** Indirect filters already looked up, per file: each lookup searches the whole file. */
const resolved = new WeakMap<Buffer, Map<string, string | null>>();

/** The name or array an indirect /Filter points at (`5 0 R` to the last `5 0 obj`). */
function resolveReference(pdf: Buffer, reference: string): string | null {
  const known = resolved.get(pdf) ?? new Map<string, string | null>();
  resolved.set(pdf, known);
  const key = reference.replace(/\s+/g, ' ');
  if (!known.has(key)) known.set(key, findObjectValue(pdf, key));
  return known.get(key) ?? null;
}

function findObjectValue(pdf: Buffer, reference: string): string | null {
  const [number, generation] = reference.split(' ');
  const header = `${number} ${generation} obj`;
  for (let at = pdf.lastIndexOf(header); at >= 0; at = at > 0 ? pdf.lastIndexOf(header, at - 1) : -1) {
    // "15 0 obj" also contains "5 0 obj".
    if (at > 0 && pdf[at - 1] >= 0x30 && pdf[at - 1] <= 0x39) continue;
    const body = pdf.toString('latin1', at + header.length, at + header.length + 512);
    return /^\s*(\[[^\]]*\]|\/[^\s/[\]<>()%]+)/.exec(body)?.[1] ?? null;
  }
  return null;
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}
