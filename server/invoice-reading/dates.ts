/**
 * Dates as invoices print them: `2025-11-03`, `03.11.2025`, `11/03/2025` (US unless the first
 * part is over 12, or the document prints other dates day-first), `Nov 3, 2025`, `3 November
 * 2025`, `3. März 2025`, `3 novembre 2025`, `3 maart 2025`, `12-Jan-2026`.
 */

export type DateOrder = 'mdy' | 'dmy';

const MONTHS: Record<string, number> = {};
const NAMES: Array<[number, string[]]> = [
  [1, ['jan', 'january', 'januar', 'jänner', 'janvier', 'janv', 'januari']],
  [2, ['feb', 'february', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'februari']],
  [3, ['mar', 'march', 'märz', 'maerz', 'mars', 'mrz', 'maart', 'mrt']],
  [4, ['apr', 'april', 'avril', 'avr']],
  [5, ['may', 'mai', 'mei']],
  [6, ['jun', 'june', 'juni', 'juin']],
  [7, ['jul', 'july', 'juli', 'juillet', 'juil']],
  [8, ['aug', 'august', 'août', 'aout', 'augustus']],
  [9, ['sep', 'sept', 'september', 'septembre']],
  [10, ['oct', 'october', 'okt', 'oktober', 'octobre']],
  [11, ['nov', 'november', 'novembre']],
  [12, ['dec', 'december', 'dez', 'dezember', 'décembre', 'decembre', 'déc']],
];
for (const [month, names] of NAMES) for (const name of names) MONTHS[name] = month;
const MONTH_NAME = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;

const PATTERNS: Array<{ regex: RegExp; read: (m: RegExpMatchArray, order: DateOrder) => [number, number, number] | null }> = [
  { regex: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, read: (m) => [+m[1], +m[2], +m[3]] },
  { regex: /\b(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?!\d|[.,]\d)/g, read: (m) => [year(m[3]), +m[2], +m[1]] },
  {
    regex: /\b(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})\b/g,
    read: (m, order) => {
      const a = +m[1];
      const b = +m[2];
      const dayFirst = a > 12 || (order === 'dmy' && b <= 12);
      return dayFirst ? [year(m[3]), b, a] : [year(m[3]), a, b];
    },
  },
  {
    regex: new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'giu'),
    read: (m) => [+m[3], MONTHS[m[1].toLowerCase()], +m[2]],
  },
  {
    // '3 November 2025', '3. März 2025', and the header strips' '12-Jan-2026' / '12 Jan 26'.
    regex: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er)?\\.?(?:\\s+|-)${MONTH_NAME}(?:\\s+|-)(\\d{4}|\\d{2})\\b`, 'giu'),
    read: (m) => [year(m[3]), MONTHS[m[2].toLowerCase()], +m[1]],
  },
];

export interface FoundDate {
  iso: string;
  index: number;
  length: number;
}

/** Every date in a text, in order of appearance. */
export function findDates(text: string, order: DateOrder = 'mdy'): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { regex, read } of PATTERNS) {
    for (const match of text.matchAll(regex)) {
      const parts = read(match, order);
      const iso = parts && toIso(...parts);
      if (iso && !found.some((f) => overlaps(f, match.index!, match[0].length))) {
        found.push({ iso, index: match.index!, length: match[0].length });
      }
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

export function parseDate(text: string, order: DateOrder = 'mdy'): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}

/** Day-first when any slash date in the document can only be read day-first. */
export function detectDateOrder(texts: string[]): DateOrder {
  for (const text of texts) {
    for (const match of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/\d{2,4}\b/g)) {
      if (+match[1] > 12 && +match[2] <= 12) return 'dmy';
      if (+match[2] > 12 && +match[1] <= 12) return 'mdy';
    }
  }
  // No date settles it: the day comes first everywhere but North America.
  const text = texts.join('\n');
  const european = (text.match(DAY_FIRST_HINT) ?? []).length;
  const american = (text.match(MONTH_FIRST_HINT) ?? []).length;
  return european > american ? 'dmy' : 'mdy';
}

const DAY_FIRST_HINT = /\b(?:facture|rechnung|factuur|datum|tva|mwst|ust|btw|vat|iva|eur|gbp|chf)\b|[€£]/giu;
const MONTH_FIRST_HINT = /\b(?:sales tax|usd|us\$|[A-Z]{2}\s\d{5}(?:-\d{4})?)\b|\$/gu;

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function year(text: string): number {
  const value = +text;
  return text.length === 2 ? 2000 + value : value;
}

function toIso(y: number, m: number, d: number): string | null {
  if (!m || m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

function overlaps(found: FoundDate, index: number, length: number): boolean {
  return index < found.index + found.length && found.index < index + length;
}
