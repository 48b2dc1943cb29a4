/**
 * How an extracted invoice is compared with its ground truth: field by field with the tolerances
 * below, line items one-to-one on amount and description, and invoices of a multi-invoice PDF
 * paired by how many fields agree.
 */
import type { ExtractedInvoice } from '../../server/invoice-reading/index';

export const SCORED_FIELDS = [
  'vendor',
  'invoice_number',
  'invoice_date',
  'due_date',
  'total_amount',
  'tax_amount',
  'currency',
  'reference',
  'job_number',
] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];

export interface TruthLineItem {
  description: string;
  quantity: number | null;
  unit_price: number | null;
  amount: number;
}

export type Truth = { [field in ScoredField]?: string | number | null } & { line_items?: TruthLineItem[] };

type Value = string | number | null;

/** UN/CEFACT 1001 codes of credit notes, as a corpus manifest (index.json) gives them. */
const CREDIT_NOTE_CODES = new Set(['381', '396', '261']);

/**
 * The truth signed as the invoice posts. The invoices-dev ground truth keeps the XML's signs, in
 * which a credit note (type 381) has positive amounts; its page prints them negative, and KAI
 * reports them negative, as an AP credit is entered.
 */
export function asPosted(truth: Truth, documentTypeCode: string | undefined): Truth {
  if (!documentTypeCode || !CREDIT_NOTE_CODES.has(documentTypeCode)) return truth;
  const negate = (value: Value | undefined) => (typeof value === 'number' && value !== 0 ? -value : value);
  return {
    ...truth,
    total_amount: negate(truth.total_amount),
    tax_amount: negate(truth.tax_amount),
    line_items: truth.line_items?.map((item) => ({ ...item, amount: -item.amount })),
  };
}

export function extractedValues(invoice: ExtractedInvoice): Record<ScoredField, Value> {
  return {
    vendor: invoice.vendor?.value ?? null,
    invoice_number: invoice.invoiceNumber?.value ?? null,
    invoice_date: invoice.invoiceDate?.value ?? null,
    due_date: invoice.dueDate?.value ?? null,
    total_amount: invoice.totalAmount?.value ?? null,
    tax_amount: invoice.taxAmount?.value ?? null,
    currency: invoice.currency,
    reference: invoice.reference?.value ?? null,
    job_number: invoice.jobNumber?.value ?? null,
  };
}

const LEGAL_SUFFIXES = new Set(['gmbh', 'inc', 'llc', 'co', 'sarl', 'ltd']);

/** Lowercase, punctuation and legal-form words (GmbH, Inc, LLC, Co, SARL, Ltd) removed. */
function normaliseVendor(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word && !LEGAL_SUFFIXES.has(word))
    .join(' ');
}

/** Whether `got` counts as `expected` for this field. */
export function fieldMatches(field: ScoredField, expected: Value, got: Value): boolean {
  if (expected === null || got === null) return false;
  if (typeof expected === 'number') return typeof got === 'number' && Math.abs(expected - got) <= 0.005 + 1e-9;
  const want = String(expected).trim();
  const have = String(got).trim();
  if (field === 'vendor') {
    const a = normaliseVendor(want);
    const b = normaliseVendor(have);
    return a !== '' && b !== '' && (a === b || a.includes(b) || b.includes(a));
  }
  if (field === 'invoice_number' || field === 'currency') return want.toLowerCase() === have.toLowerCase();
  return want === have;
}

function tokens(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
}

/** Shared tokens over the larger token set: 1 for the same words, 0 for none in common. */
function tokenOverlap(a: string, b: string): number {
  const left = tokens(a);
  const right = tokens(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared++;
  return shared / Math.max(left.size, right.size);
}

/** One-to-one matches: amounts within a cent and descriptions overlapping by half their words. */
export function matchLineItems(truth: TruthLineItem[], extracted: Array<{ description: string; amount: number }>): number {
  const used = new Set<number>();
  let matched = 0;
  for (const item of truth) {
    let best = -1;
    let bestOverlap = 0.5 - 1e-9;
    extracted.forEach((candidate, i) => {
      if (used.has(i) || Math.abs(candidate.amount - item.amount) > 0.01 + 1e-9) return;
      const overlap = tokenOverlap(item.description, candidate.description);
      if (overlap > bestOverlap) {
        best = i;
        bestOverlap = overlap;
      }
    });
    if (best >= 0) {
      used.add(best);
      matched++;
    }
  }
  return matched;
}

/** Pairs each truth with at most one extracted invoice, most agreeing fields first. */
export function pairInvoices(truths: Truth[], extracted: ExtractedInvoice[]): Array<[number, number | null]> {
  const candidates: Array<{ t: number; e: number; agree: number }> = [];
  truths.forEach((truth, t) =>
    extracted.forEach((invoice, e) => {
      const values = extractedValues(invoice);
      const agree = SCORED_FIELDS.filter((field) => fieldMatches(field, truth[field] ?? null, values[field])).length;
      candidates.push({ t, e, agree });
    }),
  );
  candidates.sort((a, b) => b.agree - a.agree || a.t - b.t || a.e - b.e);
  const pairs = new Map<number, number>();
  const taken = new Set<number>();
  for (const { t, e } of candidates) {
    if (pairs.has(t) || taken.has(e)) continue;
    pairs.set(t, e);
    taken.add(e);
  }
  return truths.map((_, t) => [t, pairs.get(t) ?? null]);
}
