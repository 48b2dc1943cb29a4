/**
 * Header fields from label/value pairs: invoice number, invoice and due dates (printed, or
 * worked out from terms such as 'Net 30'), PO/reference, job number and currency (the invoice
 * number has a file of its own). English,
 * German and French labels; the first phrase of each list is the most specific.
 */
import { addDays, findDates, type DateOrder } from './dates';
import { findLabels, labelPatterns, valuesFor, type LabelMatch, type LabelledValue } from './labels';
import type { Line } from './layout-lines';
import { best, field, placeBonus, type Field } from './invoice-number';
import type { ExtractedField } from './types';

const INVOICE_DATE = labelPatterns([
  'invoice date',
  'inv. date',
  'inv date',
  'date of invoice',
  'invoice dt',
  'billing date',
  'issue date',
  'date issued',
  'issued on',
  'issued',
  'rechnungsdatum',
  'beleg-datum',
  'belegdatum',
  'datum der rechnung',
  'date de facture',
  'date facture',
  'date de la facture',
  'factuurdatum',
  'datum factuur',
  'date',
  'datum',
  'dated',
]);
const NOT_INVOICE_DATE = /\b(due|order|ship|deliver|period|lieferschein|bestell|auftrag|échéance|liefer|leistung|service|from|to)\b/i;
const OTHER_DATE_AFTER = /^(?:out|in|returned|rented|shipped|delivered|received)\b/i;

const DUE_DATE = labelPatterns([
  'due date',
  'payment due date',
  'date due',
  'payment due',
  'pay by',
  'due on',
  'vervaldatum',
  'uiterste betaaldatum',
  'due',
  'fälligkeitsdatum',
  'fälligkeit',
  'fällig am',
  'fällig',
  'zahlbar bis',
  'zahlungsziel',
  "date d'échéance",
  'date d’échéance',
  'échéance',
  'date limite de paiement',
  'à payer avant le',
]);
const DUE_IN_TEXT =
  /(?:zahlbar|payable|pay|bitte\s+(?:überweisen|zahlen)\s+sie|please\s+(?:pay|remit)|zahlung|due)[^.\n]{0,60}?\b(?:bis|by|until|before|on|am|vor|le|zum)\b\s*(?:zum\s+|spätestens\s+)?/iu;
const TERMS =
  /\b(?:net|netto|n)\s?(\d{1,3})\b(?!\s*%)|\b(\d{1,3})\s*(?:days?|tage[n]?|jours)\s*(?:net|netto)\b|(?:within|innerhalb(?:\s+von)?|sous)\s+(\d{1,3})\s*(?:days?|tage[n]?|jours)/i;
const DUE_ON_RECEIPT = /\b(?:due (?:up)?on receipt|payable on receipt|paiement imm[ée]diat|sofort (?:zahlbar|fällig)|zahlbar sofort)\b/i;
const PROX = /\bnet\s+(\d{1,2})(?:st|nd|rd|th)\s+prox/i;

const REFERENCE = labelPatterns([
  'customer po number',
  'customer po #',
  'customer po no.',
  'customer po',
  'cust po #',
  'cust po',
  'cust. po',
  'your po',
  'purchase order number',
  'purchase order no.',
  'purchase order #',
  'purchase order',
  'po number',
  'po no.',
  'po #',
  'p.o. #',
  'p.o. no.',
  'p.o. number',
  'p.o.',
  'po',
  'subcontract number',
  'subcontract no.',
  'subcontract #',
  'order number',
  'order no.',
  'order no',
  'order #',
  'order id',
  'auftragsnummer',
  'auftrags-nr.',
  'auftrags-nr',
  'auftrag nr.',
  'numéro de commande',
  'n° de commande',
  'commande n°',
  'your order',
  'your reference',
  'customer reference',
  'ihre bestellnummer',
  'ihre bestellung',
  'bestellnummer',
  'bestell-nr.',
  'bestell-nr',
  'bestellung nr.',
  'bestellung',
  'votre commande',
  'bon de commande',
  'votre référence',
  'uw referentie',
  'uw bestelnummer',
  'ordernummer',
  'bestelnummer',
  'reference number',
  'reference',
  'referentie',
  'référence',
  'referenz',
  'ref. no.',
  'ref #',
  'ref.',
  'ref',
]);
const NOT_REFERENCE = /(datum|date|bitte|please|\bzahlung|payment)/i;

const JOB = labelPatterns([
  'job number',
  'job no.',
  'job no',
  'job #',
  'job',
  'project number',
  'project no.',
  'project no',
  'project #',
  'project',
  'projektnummer',
  'projekt-nr.',
  'projekt',
  'bauvorhaben',
  'chantier',
]);
const NOT_JOB = /^\s*(?:job|project)\s*(?:name|site|address|location|description|manager|title)/i;
const JOB_IN_TEXT = /\b(?:job|project)\s*(?:#|no\.?|number)?\s*[:#]?\s*(\d[\w.-]*)/i;

const CURRENCY_LABEL = labelPatterns(['currency', 'rechnungswährung', 'währung', 'beträge in', 'devise', 'monnaie']);
const CURRENCY_CODES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'INR', 'JPY', 'SEK', 'DKK', 'NOK', 'PLN', 'CZK'];
const SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', $: 'USD', '₹': 'INR', '¥': 'JPY', C$: 'CAD', CA$: 'CAD', A$: 'AUD', US$: 'USD' };
/** A code as a word of its own ('Eur 319,03' too), or a symbol; 'C$' before the bare '$'. */
const CURRENCY_MENTION = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b|(CA\\$|C\\$|A\\$|US\\$|[€£$₹¥])`, 'gi');

/** A value printed over several short lines under its label ('Tuesday 16' / 'September' / '2025'), joined. */
function stacked(match: LabelMatch, lines: Line[]): LabelledValue[] {
  const parts = valuesFor(match, lines, 3).filter((value) => value.where === 'below');
  if (parts.length < 2) return [];
  return [
    { ...parts[0], text: parts.map((part) => part.text).join(' '), cells: [...parts[0].cells, ...parts.slice(1).flatMap((p) => p.cells.slice(1))] },
  ];
}

/** `tableHeaders`: the line-item table's header lines, whose 'Date' column holds delivery dates. */
export function findInvoiceDate(lines: Line[], order: DateOrder, tableHeaders: ReadonlySet<Line> = new Set()): Field<string> {
  const candidates: Array<[number, ExtractedField<string>]> = [];
  for (const match of findLabels(lines, INVOICE_DATE, /(?:échéance|due|ship|deliver|order|lieferschein|bestell|auftrag)/i)) {
    const generic = match.rank >= INVOICE_DATE.length - 3;
    if (generic && tableHeaders.has(match.line)) continue;
    // 'Ship  Date' run apart: the word just before qualifies the date; a column further left does not.
    const before = match.line.cells[match.line.cells.indexOf(match.cell) - 1];
    const qualifier = before && match.cell.x - (before.x + before.width) < 2 * match.cell.height ? before.text : '';
    if (generic && NOT_INVOICE_DATE.test(qualifier)) continue;
    // 'Date Out', 'Date In', 'Datum Lieferung': another date's label.
    if (generic && (NOT_INVOICE_DATE.test(match.rest) || OTHER_DATE_AFTER.test(match.rest))) continue;
    for (const value of [...valuesFor(match, lines, 1), ...stacked(match, lines)]) {
      const date = findDates(value.text, order)[0];
      if (!date) continue;
      candidates.push([(generic ? 0.7 : 0.95) + placeBonus(match.line), field(date.iso, generic ? 0.8 : 0.95, value)]);
      break;
    }
  }
  // 'Rechnung Nr. 20931 vom 14.03.2024', 'Invoice 1234 dated Nov 3, 2025'
  const top = lines.slice(0, 200);
  top.forEach((line, i) => {
    if (!/(?:rechnung|invoice|facture|gutschrift|avoir)\b/iu.test(line.text)) return;
    // The date may follow on the next line: 'Rechnung Nr. 1 vom' / '11.03.2018', or 'vom 31.10.2018'.
    const next = top[i + 1];
    const text = next && next.page === line.page ? `${line.text} ${next.text}` : line.text;
    const match = /\b(?:vom|von|du|dated|date|of|issued at|issued on)\s+(.+)$/iu.exec(text);
    const date = match && findDates(match[1], order)[0];
    if (date && date.index < 3) candidates.push([0.8 + placeBonus(line), field(date.iso, 0.85, { line })]);
  });
  if (candidates.length) return best(candidates);
  // Last resort: the first date printed in the top third of the first page.
  for (const line of lines) {
    if (line.page !== lines[0]?.page || line.y > line.pageHeight / 3) continue;
    const date = findDates(line.text, order)[0];
    if (date) return field(date.iso, 0.4, { line });
  }
  // Then a date printed on its own in the upper half ('October 5, 2025', 'Musterstadt, 2. November 2015').
  for (const line of lines) {
    if (line.page !== lines[0]?.page || line.y > line.pageHeight / 2) continue;
    for (const cell of line.cells) {
      const date = findDates(cell.text, order)[0];
      const before = date ? cell.text.slice(0, date.index) : '';
      if (date && date.index + date.length >= cell.text.trim().length - 1 && /^(?:[\p{L} .'-]{2,30},\s*)?$/u.test(before)) {
        return field(date.iso, 0.35, { line, cells: [cell] });
      }
    }
  }
  return null;
}

export function findDueDate(lines: Line[], order: DateOrder, invoiceDate: string | null): Field<string> {
  const candidates: Array<[number, ExtractedField<string>]> = [];
  for (const match of findLabels(lines, DUE_DATE)) {
    for (const value of valuesFor(match, lines, 1)) {
      const date = findDates(value.text, order)[0];
      if (!date) continue;
      candidates.push([0.95 + placeBonus(match.line), field(date.iso, 0.9, value)]);
      break;
    }
  }
  for (const line of lines) {
    const match = DUE_IN_TEXT.exec(line.text);
    if (!match) continue;
    const after = line.text.slice(match.index + match[0].length);
    const date = findDates(after, order)[0];
    if (date && date.index === 0) candidates.push([0.7 + placeBonus(line), field(date.iso, 0.75, { line })]);
  }
  const printed = best(candidates);
  if (printed || !invoiceDate) return printed;
  return dueFromTerms(lines, invoiceDate);
}

/** 'Net 30', '2% 10 Net 30', 'Net 10th Prox', 'Due on receipt': a due date worked out from the invoice date. */
function dueFromTerms(lines: Line[], invoiceDate: string): Field<string> {
  for (const line of lines) {
    const prox = PROX.exec(line.text);
    if (prox) {
      const [y, m] = invoiceDate.split('-').map(Number);
      const next = new Date(Date.UTC(y, m, Number(prox[1])));
      return { ...field(next.toISOString().slice(0, 10), 0.6, { line }), derived: true };
    }
    if (DUE_ON_RECEIPT.test(line.text)) return { ...field(invoiceDate, 0.6, { line }), derived: true };
    if (!/\b(?:terms?|net|netto|zahlbar|payable|payment|zahlungsbedingung|conditions)/i.test(line.text)) continue;
    const terms = TERMS.exec(line.text);
    const days = terms && Number(terms[1] ?? terms[2] ?? terms[3]);
    if (days && days <= 180) return { ...field(addDays(invoiceDate, days), 0.6, { line }), derived: true };
  }
  return null;
}

export function findReference(lines: Line[]): Field<string> {
  const candidates: Array<[number, ExtractedField<string>]> = [];
  for (const match of findLabels(lines, REFERENCE, NOT_REFERENCE)) {
    for (const value of valuesFor(match, lines, 1)) {
      const token = referenceToken(value.text);
      if (!token) continue;
      candidates.push([1 - match.rank / 100 + placeBonus(match.line), field(token, match.rank < 40 ? 0.9 : 0.7, value)]);
      break;
    }
  }
  for (const line of lines) {
    const match = /\b(?:bestellung|purchase order|order|commande)\s+(?:nr\.?|no\.?|#|n°)\s*([A-Z0-9][\w/.\-]*\d[\w/.\-]*)/iu.exec(line.text);
    if (match) candidates.push([0.3 + placeBonus(line), field(match[1].replace(/[.,]$/, ''), 0.5, { line })]);
  }
  return best(candidates);
}

function referenceToken(text: string): string | null {
  const token = text
    .trim()
    .split(/\s+/)[0]
    ?.replace(/[,;:]$/, '');
  if (!token || token.length > 40 || !/\d/.test(token)) return null;
  const date = findDates(token)[0];
  if (date && date.length >= token.length - 1) return null;
  return token;
}

export function findJobNumber(lines: Line[]): Field<string> {
  const candidates: Array<[number, ExtractedField<string>]> = [];
  for (const match of findLabels(lines, JOB, NOT_JOB)) {
    for (const value of valuesFor(match, lines, 1)) {
      const token = /^([A-Z]{0,3}-?\d[\w.-]*)/i.exec(value.text.trim())?.[1]?.replace(/[.-]$/, '');
      if (!token) continue;
      candidates.push([1 - match.rank / 100 + placeBonus(match.line), field(token, 0.9, value)]);
      break;
    }
  }
  for (const line of lines) {
    const match = JOB_IN_TEXT.exec(line.text);
    if (match && !NOT_JOB.test(line.text.slice(match.index))) {
      candidates.push([0.5 + placeBonus(line), field(match[1].replace(/[.-]$/, ''), 0.7, { line })]);
    }
  }
  return best(candidates);
}

export function findCurrency(lines: Line[]): string {
  for (const match of findLabels(lines, CURRENCY_LABEL)) {
    for (const value of valuesFor(match, lines, 1)) {
      const code = CURRENCY_CODES.find((c) => new RegExp(`\\b${c}\\b`).test(value.text));
      if (code) return code;
    }
  }
  const counts = new Map<string, number>();
  let namesUsd = false;
  for (const line of lines) {
    for (const match of line.text.matchAll(CURRENCY_MENTION)) {
      const code = match[1]?.toUpperCase() ?? SYMBOLS[match[2].toUpperCase()];
      counts.set(code, (counts.get(code) ?? 0) + 1);
      namesUsd ||= code === 'USD' && match[2] !== '$';
    }
  }
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  const code = top?.[0] ?? 'USD';
  // A bare '$' on a Canadian bill (a province and postal code, GST/HST) is the Canadian dollar.
  return code === 'USD' && !namesUsd && lines.some((line) => CANADIAN.test(line.text)) ? 'CAD' : code;
}

const CANADIAN = /\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\b(?:GST\/HST|HST|QST|TPS|TVQ)\b/;
