/**
 * The totals block: grand total, subtotal, tax and freight by their labels, and the choice of the
 * one grand total when several amounts are labelled like one (a VAT table's 'Total HT', an
 * 'Amount Due' after prepayments, a previous balance). Arithmetic decides where it can:
 * subtotal + tax + freight = total.
 */
import { findLabels, labelPatterns, type LabelMatch } from './labels';
import { regionOf, type Cell, type Line } from './layout-lines';
import { parseAmount, sameAmount, type DecimalMark } from './numbers';
import type { ExtractedField } from './types';

const AIA_DUE = labelPatterns([
  'current payment due',
  'amount due this application',
  'amount due this period',
  'current amount due',
  'net amount due this application',
]);
const GRAND = labelPatterns([
  'grand totals',
  'grand total',
  'invoice total',
  'total invoice',
  'total invoice amount',
  'invoice amount',
  'total amount after tax',
  'total amount incl. tax',
  'order total (incl. vat)',
  'order total',
  'total amount',
  'total current charges',
  'total new charges',
  'new charges',
  'total bill amount',
  'bill amount',
  'total this bill',
  'current charges',
  'total charges',
  'total ttc',
  'total (incl. vat)',
  'total incl. vat',
  'total including tax',
  'total paid with vat',
  'total with vat',
  'total with tax',
  'total paid',
  'total',
  'gesamtbetrag',
  'gesamtsumme',
  'bruttosumme',
  'bruttobetrag',
  'rechnungsbetrag',
  'rechnungssumme brutto',
  'rechnungssumme (brutto)',
  'rechnungssumme inkl',
  'rechnungssumme',
  'endbetrag',
  'endsumme',
  'summe brutto',
  'gesamt brutto',
  'brutto',
  'montant ttc',
  'montant total',
  'factuurtotaal',
  'totaalbedrag',
  'totaal incl. btw',
  'totaal inclusief btw',
  'totaal',
]);
const DUE = labelPatterns([
  'total amount due',
  'amount due',
  'due payable',
  'total due',
  'balance due',
  'amount payable',
  'total payable',
  'total amount payable',
  'amount to be paid',
  'zu zahlender betrag',
  'te betalen bedrag',
  'please pay this amount',
  'please pay',
  'pay this amount',
  'total to pay',
  'amount to pay',
  'zahlbetrag',
  'zu zahlen',
  'zahlungsbetrag',
  'net à payer',
  'montant dû',
  'reste à payer',
  'à payer (ttc)',
  'à payer',
  'a payer',
  'totaal te betalen',
  'te betalen',
  'residual',
  'balance',
]);
const SUBTOTAL = labelPatterns([
  'subtotal',
  'sub total',
  'sub-total',
  'net total',
  'net amout',
  'total net',
  'net amount',
  'total before tax',
  'merchandise total',
  'total ht',
  'montant ht',
  'total hors taxes',
  'nettobetrag',
  'netto',
  'summe netto',
  'nettosumme',
  'rechnungssumme netto',
  'rechnungssumme ohne ust.',
  'rechnungssumme ohne ust',
  'zwischensumme',
  'positionssumme',
  'warenwert',
  'gesamt netto',
  'summe positionen',
  'line total',
  'subtotaal',
  'totaal excl. btw',
  'totaal exclusief btw',
]);
const TAX = labelPatterns([
  'total sales tax',
  'sales tax',
  'total tax',
  'summe umsatzsteuer',
  'summe mwst',
  'summe ust',
  'gesamt ust',
  'gesamt mwst',
  'vat total',
  'ust. gesamt',
  'tax total',
  'total taxes',
  'tax amount',
  'tax',
  'vat amount',
  'vat',
  'gst',
  'hst',
  'steuerbetrag',
  'mwst-betrag',
  'mwst.-betrag',
  'mwst',
  'ust.-betrag',
  'ust. gesamt',
  'ust gesamt',
  'umsatzsteuer gesamt',
  'umsatzsteuer',
  'mehrwertsteuer',
  'ust.',
  'ust',
  'total tva',
  'montant tva',
  'tva',
  'btw-bedrag',
  'btw bedrag',
  'btw',
]);
const FREIGHT = labelPatterns([
  'freight',
  'shipping & handling',
  'shipping and handling',
  'shipping',
  'delivery charge',
  'delivery',
  'fracht',
  'frachtkosten',
  'versandkosten',
  'transportkosten',
  'porto',
  'frais de port',
  'livraison',
  'verzendkosten',
  'bezorgkosten',
]);

/** Words allowed between a totals label and its amount: currency, 'in', a bracketed note. */
const QUALIFIER = /\(.*?\)|\b(?:in|en|eur|usd|gbp|chf|cad|us\$)\b|[€$£:#.\s]/gi;

/** A rate beside a tax label ('BTW 21%', 'MwSt. 7,7 %'). */
const RATE = /\d{1,2}(?:[.,]\d{1,2})?\s?%/g;

/**
 * Whether a text is a totals-block label and nothing more ('Subtotaal', 'BTW 21%', 'Brutto'): a
 * row of the item table that says this is a charge of the totals block, never an item.
 */
export function isTotalsLabel(text: string): boolean {
  return [GRAND, SUBTOTAL, TAX, DUE].some((patterns) =>
    patterns.some((pattern) => {
      const match = pattern.exec(text);
      return match !== null && text.slice(match[0].length).replace(RATE, '').replace(QUALIFIER, '') === '';
    }),
  );
}

interface LabelledAmount {
  value: number;
  line: Line;
  cells: Cell[];
  rank: number;
}

function labelledAmounts(lines: Line[], patterns: RegExp[], mark: DecimalMark): LabelledAmount[] {
  const out: LabelledAmount[] = [];
  for (const match of findLabels(lines, patterns)) {
    const found = amountFor(match, lines, mark);
    if (found) out.push({ ...found, rank: match.rank });
  }
  return out;
}

function amountFor(match: LabelMatch, lines: Line[], mark: DecimalMark): Omit<LabelledAmount, 'rank'> | null {
  const { line, cell, rest } = match;
  const inline = /(\(?[-\u2212]?\s?[$€£₹¥]?\s?\d[\d.,'’ ]*\d(?:\s?[€$£])?\)?-?)\s*(?:[A-Z]{3}|[€$£])?\s*$/.exec(rest);
  const qualifier = (inline ? rest.slice(0, inline.index) : rest).replace(QUALIFIER, '');
  // 'Total taxes', 'Gesamtbetrag der Zuschläge': more words after the label make it another label.
  if (/\p{L}/u.test(qualifier)) return null;
  if (inline) {
    const value = parseAmount(inline[1], mark);
    if (value !== null) return { value, line, cells: [cell] };
  }
  const after = line.cells.slice(line.cells.indexOf(cell) + 1);
  const amounts = after.filter((c) => !/%/.test(c.text)).map((c) => ({ c, value: parseAmount(c.text, mark) }));
  const right = amounts.filter((a) => a.value !== null).at(-1);
  if (right) return { value: right.value!, line, cells: [cell, right.c] };
  // Other labels after this one: a header row ('MwSt-Betrag | MwSt-% | Endbetrag') over its amounts.
  if (after.some((c) => /\p{L}{3}/u.test(c.text) && !/^(?:eur|usd|gbp|chf)$/i.test(c.text.trim()))) {
    return after.every((c) => !/\d/.test(c.text)) ? columnBelow(match, lines, mark) : null;
  }
  return columnBelow(match, lines, mark);
}

/** A column-header label ('Endbetrag') over a column of amounts: the last amount is its sum. */
function columnBelow(match: LabelMatch, lines: Line[], mark: DecimalMark): Omit<LabelledAmount, 'rank'> | null {
  const { line, cell } = match;
  // 'MwSt-%' heads the rates, not the amounts.
  if (/%/.test(cell.text)) return null;
  let found: Omit<LabelledAmount, 'rank'> | null = null;
  let previous = line;
  for (let i = lines.indexOf(line) + 1; i < lines.length; i++) {
    const next = lines[i];
    if (next.page !== line.page || next.y - (previous.y + previous.height) > 2.5 * previous.height) break;
    const under = next.cells.find((c) => c.x < cell.x + cell.width + 4 && c.x + c.width > cell.x - 4);
    const value = under ? parseAmount(under.text, mark) : null;
    if (value === null) break;
    found = { value, line: next, cells: [cell, under!] };
    previous = next;
  }
  return found;
}

/** 'USt. 7% | 275,00 | 19,25', 'zzgl. Umsatzsteuer 19% von 64,46 12,25', 'Umsatzsteuer (S) -4,85 19 -0,92': one line per rate. */
const RATE_LINE = /(?:^|[^\p{L}])(?:ust|mwst|umsatzsteuer|mehrwertsteuer|vat|tva|sales tax|tax)\b.*?\d{1,2}(?:[.,]\d{1,2})?\s?%/iu;

function sumOfRates(lines: Line[], mark: DecimalMark, subtotalLine: Line | undefined): LabelledAmount | undefined {
  const rates: LabelledAmount[] = [];
  for (const line of lines) {
    if (line === subtotalLine || !RATE_LINE.test(line.text) || /(?:gesamt|total|summe|brutto|netto|inkl|incl|excl)/i.test(line.text)) continue;
    const last = line.cells.at(-1)!;
    const value = parseAmount(last.text, mark);
    if (value === null || line.cells.length < 2 || /%/.test(last.text)) continue;
    rates.push({ value, line, cells: [last], rank: 0 });
  }
  if (rates.length < 2) return rates[0];
  const value = Math.round(rates.reduce((sum, rate) => sum + rate.value, 0) * 100) / 100;
  return { value, line: rates.at(-1)!.line, cells: rates.at(-1)!.cells, rank: 0 };
}

export interface Totals {
  total: ExtractedField<number> | null;
  subtotal: ExtractedField<number> | null;
  tax: ExtractedField<number> | null;
  freight: ExtractedField<number> | null;
  /** The line the grand total sits on, where the totals block is. */
  totalLine: Line | null;
}

function toField(found: LabelledAmount | undefined, confidence: number): ExtractedField<number> | null {
  return found ? { value: found.value, confidence, region: regionOf(found.line, found.cells) } : null;
}

/** The lowest of several labelled amounts: totals blocks run down the page, the last is final. */
function last(found: LabelledAmount[]): LabelledAmount | undefined {
  return [...found].sort((a, b) => b.line.index - a.line.index || a.rank - b.rank)[0];
}

export function findTotals(lines: Line[], mark: DecimalMark, itemSum: number | null): Totals {
  const subtotals = labelledAmounts(lines, SUBTOTAL, mark);
  const taxes = labelledAmounts(lines, TAX, mark);
  const freights = labelledAmounts(lines, FREIGHT, mark);
  const aia = labelledAmounts(lines, AIA_DUE, mark);
  const grand = labelledAmounts(lines, GRAND, mark);
  const due = labelledAmounts(lines, DUE, mark);

  const subtotal = (itemSum !== null && subtotals.find((s) => sameAmount(s.value, itemSum))) || last(subtotals);
  const freight = last(freights);
  const candidates = [...grand, ...due, ...aia];
  const ties = (tax: LabelledAmount | undefined) =>
    subtotal !== undefined &&
    tax !== undefined &&
    candidates.some((c) => sameAmount(c.value, subtotal.value + tax.value + (freight?.value ?? 0), 0.02));
  const labelled = last(taxes.filter((t) => !subtotal || t.cells.at(-1) !== subtotal.cells.at(-1)));
  const perRate = sumOfRates(lines, mark, subtotal?.line);
  // VAT printed per rate with no single total: their sum, when the arithmetic agrees (or nothing else is printed).
  const tax = (!ties(labelled) && ties(perRate)) || (!labelled && perRate) ? perRate : labelled;
  const expected = subtotal ? subtotal.value + (tax?.value ?? 0) + (freight?.value ?? 0) : null;

  let total: LabelledAmount | undefined;
  let confidence = 0.7;
  if (aia.length) {
    total = last(aia);
    confidence = 0.9;
  } else {
    const printed = [...grand, ...due];
    const tied = expected !== null ? printed.filter((c) => sameAmount(c.value, expected, 0.02)) : [];
    if (tied.length) {
      total = grand.find((g) => tied.includes(g)) ?? tied[0];
      confidence = 0.95;
    } else if (grand.length) {
      total = last(grand.filter((g) => g.line !== subtotal?.line && g.line !== tax?.line)) ?? last(grand);
      confidence = 0.8;
    } else if (due.length) {
      total = last(due);
      confidence = 0.75;
    }
  }
  return {
    total: toField(total, confidence),
    subtotal: toField(subtotal, 0.85),
    tax: toField(tax, 0.8),
    freight: toField(freight, 0.8),
    totalLine: total?.line ?? null,
  };
}
