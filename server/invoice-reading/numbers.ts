/**
 * Amounts as invoices print them: US `1,234.56`, European `1.234,56` and `1 234,56`, negatives as
 * `-12.00`, `12.00-` or `(12.00)`, with or without a currency sign or code around them.
 */

/** Which character separates decimals in this document, when it can be told. */
export type DecimalMark = ',' | '.';

const CURRENCY = /(?:US\$|CA\$|C\$|A\$|\$|€|£|₹|¥|EUR|USD|GBP|CHF|CAD|AUD|INR|JPY)/gi;
/** Thousands grouped by space, dot, comma or apostrophe (straight, or typographic as in Swiss 2’450.75). */
const NUMBER_BODY = /^[-+]?\d{1,3}(?:[ .,'’\u00a0\u202f]\d{3})*(?:[.,]\d+)?$|^[-+]?\d+(?:[.,]\d+)?$/;

/**
 * The number a cell holds when the whole cell is one amount (a trailing unit such as `Stk.` or
 * `m²` is allowed only with `allowUnit`); null otherwise.
 */
export function parseAmount(text: string, mark?: DecimalMark, options: { allowUnit?: boolean } = {}): number | null {
  let body = text.replace(CURRENCY, '').replace(/\s+/g, ' ').trim();
  // The unit starts at the first character that can't be part of the number ('9.5' is no '9' + '.5').
  if (options.allowUnit) body = body.replace(/^([-+(]?[\d.,' ]*\d\)?-?)\s*[^\d\s.,'].*$/u, '$1').trim();
  let negative = false;
  if (/^\(.*\)$/.test(body)) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  if (/-$/.test(body)) {
    negative = true;
    body = body.slice(0, -1).trim();
  }
  if (/^[-\u2212]/.test(body)) {
    negative = !negative;
    body = body.slice(1).trim();
  }
  body = body.replace(/^\+/, '');
  if (!NUMBER_BODY.test(body)) return null;
  const value = toNumber(body, mark);
  if (value === null) return null;
  return negative ? -value : value;
}

function toNumber(body: string, mark?: DecimalMark): number | null {
  const compact = body.replace(/[ '’\u00a0\u202f]/g, '');
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let decimal: DecimalMark | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = compact.split(sep).length - 1;
    const tail = compact.length - compact.lastIndexOf(sep) - 1;
    // One separator followed by exactly three digits is a thousands group unless the document
    // says this character is its decimal mark; two groups (1,234,567) are always thousands.
    if (count > 1) decimal = null;
    else if (tail !== 3) decimal = sep;
    else decimal = mark === sep ? sep : null;
  }
  const normalised =
    decimal === ',' ? compact.replace(/\./g, '').replace(',', '.') : decimal === '.' ? compact.replace(/,/g, '') : compact.replace(/[.,]/g, '');
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/** Money-looking: has two decimals (or is negative in brackets); used to tell amounts from ids. */
export function looksLikeMoney(text: string): boolean {
  return /\d[.,]\d{2}(?!\d)\)?-?\s*(?:€|\$|£|EUR|USD|GBP|CHF|CAD)?\s*$/i.test(text.trim());
}

/** The decimal mark most amounts in these texts use. */
export function detectDecimalMark(texts: string[]): DecimalMark {
  let comma = 0;
  let dot = 0;
  for (const text of texts) {
    for (const match of text.matchAll(/\d([.,])\d{2}(?![\d.,])/g)) {
      if (match[1] === ',') comma++;
      else dot++;
    }
  }
  return comma > dot ? ',' : '.';
}

/** Every amount inside running text, with where it sits. */
export function findAmounts(text: string, mark?: DecimalMark): Array<{ value: number; index: number; text: string }> {
  const out: Array<{ value: number; index: number; text: string }> = [];
  const pattern = /\(?[-\u2212]?(?:[$€£]\s?)?\d[\d.,'\u00a0]*\d(?:\s?[€$£])?\)?-?|\b\d\b/g;
  for (const match of text.matchAll(pattern)) {
    const value = parseAmount(match[0], mark);
    if (value !== null) out.push({ value, index: match.index, text: match[0] });
  }
  return out;
}

export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

export function sameAmount(a: number, b: number, tolerance = 0.011): boolean {
  return Math.abs(a - b) <= tolerance;
}
