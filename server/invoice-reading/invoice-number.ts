/**
 * The invoice number: under its label in English, German, French or Dutch, in a title
 * ('Rechnung Nr. 20931', 'Invoice AB-2023-0417'), or on a bare 'No:' line under the title. Also
 * the candidate scoring the other header fields share.
 */
import { findDates } from './dates';
import { findLabels, labelPatterns, valuesFor, type LabelledValue } from './labels';
import { regionOf, type Line } from './layout-lines';
import type { ExtractedField } from './types';

const INVOICE_NUMBER = labelPatterns([
  'invoice number',
  'invoice no.',
  'invoice no',
  'invoice nbr',
  'invoice #',
  'invoice num',
  'inv. no.',
  'inv no',
  'inv #',
  'inv. #',
  'rechnungsnummer',
  'rechnungs-nr.',
  'rechnungs-nr',
  'rechnung nr.',
  'rechnung-nr.',
  'rechnungsnr.',
  'rechnung #',
  'belegnummer',
  'beleg-nr.',
  'beleg-nr',
  'beleg nr.',
  'gutschriftsnummer',
  'gutschrift-nr.',
  'facture n°',
  'facture no',
  'n° de facture',
  'numéro de facture',
  'no. de facture',
  'credit memo #',
  'credit memo no.',
  'credit note no.',
  'factuurnummer',
  'factuurnr.',
  'factuurnr',
  'factuur nr.',
  'factuur nummer',
  'invoice id',
  'inv#',
  'bill number',
  'bill no.',
  'receipt number',
  'receipt no.',
  'document number',
  'document #',
  'document no.',
  'document no',
  'invoice',
]);
/** Titles that carry the number: 'Handelsrechnung (380) Nr. 20931 vom 14.03.2024', 'Invoice AB-2023-0417'. */
const TITLE_WORD = '(?:[a-zäöü]*rechnung|[a-zäöü]*rechnungskorrektur|gutschrift|invoice|facture|factuur|avoir|credit memo|credit note)';
const NUMBER_TOKEN = '([A-Z0-9][\\w/.\\-]*\\d[\\w/.\\-]*)';
const TITLE_NUMBER = new RegExp(`(?:^|\\s)${TITLE_WORD}\\s*[:#]?\\s*${NUMBER_TOKEN}`, 'iu');
const TITLE_NUMBER_AFTER = new RegExp(`(?:^|\\s)${TITLE_WORD}\\b(.{0,50}?)\\s(?:nr\\.?|no\\.?|#|n°|number|nummer)\\s*[:#]?\\s*${NUMBER_TOKEN}`, 'iu');
/** 'Rechnung gemäß Bestellung Nr. 2018-471331': the number of something else. */
const OTHER_DOCUMENT = /bestell|order|auftrag|liefer|kunden|customer|vertrag|contract|commande|vom|from/i;

export type Field<T> = ExtractedField<T> | null;

export function field<T>(value: T, confidence: number, found: LabelledValue | { line: Line; cells?: Line['cells'] }): ExtractedField<T> {
  return { value, confidence, region: regionOf(found.line, found.cells ?? found.line.cells) };
}

/** Best of several (score, field) pairs. */
export function best<T>(candidates: Array<[number, ExtractedField<T>]>): Field<T> {
  candidates.sort((a, b) => b[0] - a[0]);
  return candidates[0]?.[1] ?? null;
}

/** Earlier pages and higher on the page score a little better. */
export function placeBonus(line: Line): number {
  return -0.02 * (line.page - 1) - 0.05 * (line.y / line.pageHeight);
}

export function findInvoiceNumber(lines: Line[]): Field<string> {
  const candidates: Array<[number, ExtractedField<string>]> = [];
  for (const match of findLabels(lines, INVOICE_NUMBER)) {
    const generic = match.rank === INVOICE_NUMBER.length - 1;
    for (const value of valuesFor(match, lines, 1)) {
      // Under a label that names the number ('Invoice #'), a date-shaped value ('3-9-26') is the number.
      const token = numberToken(value.text, !generic);
      if (!token) continue;
      const score = (generic ? 0.6 : 0.95) - (value.where === 'below' ? 0.05 : 0) + placeBonus(match.line);
      candidates.push([score, field(token, generic ? 0.75 : 0.95, value)]);
      break;
    }
  }
  for (const line of lines.slice(0, 200)) {
    const direct = TITLE_NUMBER.exec(line.text);
    const after = TITLE_NUMBER_AFTER.exec(line.text);
    // 'Invoice #2026-03-14': after a '#' even a date-shaped token is the number.
    const hashed = TITLE_HASH.exec(line.text)?.[1];
    const token = hashed ?? (direct ? numberToken(direct[1]) : after && !OTHER_DOCUMENT.test(after[1]) ? numberToken(after[2]) : null);
    if (token) candidates.push([0.7 + placeBonus(line), field(token, 0.8, { line })]);
  }
  candidates.push(...numbersUnderTitle(lines));
  return best(candidates);
}

const TITLE_HASH = new RegExp(`(?:^|\\s)${TITLE_WORD}\\s*#\\s*${NUMBER_TOKEN}`, 'iu');
const TITLE_ALONE = new RegExp(`(?:^|\\s)${TITLE_WORD}$`, 'iu');
const BARE_NUMBER_LABEL = /^(?:no\.?|nr\.?|n°|number|nummer|numéro|#)\s*[:#]?\s*(.+)$/iu;

/** 'INVOICE' as a title with 'No: 0007-00004410' on a line just under it. */
function numbersUnderTitle(lines: Line[]): Array<[number, ExtractedField<string>]> {
  const found: Array<[number, ExtractedField<string>]> = [];
  lines.slice(0, 200).forEach((line, at) => {
    if (!line.cells.some((cell) => TITLE_ALONE.test(cell.text.trim()))) return;
    for (const below of lines.slice(at + 1, at + 4).filter((next) => next.page === line.page)) {
      const cell = below.cells.find((c) => BARE_NUMBER_LABEL.test(c.text));
      const token = cell ? numberToken(BARE_NUMBER_LABEL.exec(cell.text)![1]) : null;
      if (token) found.push([0.7 + placeBonus(below), field(token, 0.8, { line: below, cells: [cell!] })]);
      if (token) break;
    }
  });
  return found;
}

/** The first token of a value that has a digit and is not a date or an amount with decimals only. */
function numberToken(text: string, dateShapedToo = false): string | null {
  const token = text
    .trim()
    .split(/\s+/)[0]
    ?.replace(/[,;:]$/, '');
  if (!token || token.length > 30 || !/\d/.test(token)) return null;
  const date = dateShapedToo ? undefined : findDates(token)[0];
  if (date && date.length >= token.length - 1) return null;
  return token;
}
