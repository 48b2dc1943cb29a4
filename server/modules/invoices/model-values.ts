/**
 * What a language model may change on an invoice the rules read (decision 014): only fields the
 * rules left empty or whose cross-check failed, only with a value printed on the page, and never
 * so that a cross-check fails. Pure: the model's answer in, the invoice to store out.
 */
import type { InvoiceCheck, InvoiceFieldName } from '@contract/invoices';
import type { ExtractedField, ExtractedInvoice } from '../../invoice-reading';
import { checkDatesInOrder, checkTotalsTieOut } from '../../invoice-reading/e-invoice-xml';
import { detectDecimalMark, findAmounts, sameAmount } from '../../invoice-reading/numbers';

/** The header fields a model may fill, by their API name and their name on the extraction. */
export const MODEL_FIELD_KEYS = {
  vendor: 'vendor',
  invoice_number: 'invoiceNumber',
  invoice_date: 'invoiceDate',
  due_date: 'dueDate',
  total_amount: 'totalAmount',
  job_number: 'jobNumber',
  reference: 'reference',
} as const satisfies Record<InvoiceFieldName, keyof ExtractedInvoice>;

type FieldValue = string | number;
type Proposals = Partial<Record<InvoiceFieldName, FieldValue>>;

export interface FilledInvoice {
  invoice: ExtractedInvoice;
  /** The fields whose value the model gave; empty when it changed nothing. */
  filledByModel: InvoiceFieldName[];
}

/** A value the model gave, not located on the page yet: about as sure as a weak rule. */
const MODEL_CONFIDENCE = 0.6;
const MAX_TEXT_VALUE = 200;
const MAX_AMOUNT = 1e10;
/** Characters between a date's day and year as printed ('12 September 2026' has 13). */
const DATE_SPAN = 16;

const FIELD_WORDS: Record<InvoiceFieldName, string> = {
  vendor: 'vendor',
  invoice_number: 'invoice number',
  invoice_date: 'invoice date',
  due_date: 'due date',
  total_amount: 'total',
  job_number: 'job number',
  reference: 'reference/PO',
};

/** Rule warnings a filled field makes untrue. */
const STALE_WARNINGS: Partial<Record<InvoiceFieldName, string>> = {
  total_amount: 'No invoice total was found.',
  invoice_number: 'No invoice number was found.',
};

const failed = (invoice: ExtractedInvoice, code: InvoiceCheck['code']) => invoice.checks.some((check) => check.code === code && !check.passed);

/**
 * The fields worth asking a model about: those the rules left empty, the total when the totals do
 * not tie out, the dates when they are out of order. An e-invoice's XML is the issuer's own data
 * and is never second-guessed.
 */
export function fieldsNeedingHelp(invoice: ExtractedInvoice): InvoiceFieldName[] {
  if (invoice.method === 'xml') return [];
  const needed = (Object.keys(MODEL_FIELD_KEYS) as InvoiceFieldName[]).filter(
    (name) =>
      invoice[MODEL_FIELD_KEYS[name]] === null ||
      (name === 'total_amount' && failed(invoice, 'totals_tie_out')) ||
      ((name === 'invoice_date' || name === 'due_date') && failed(invoice, 'dates_in_order')),
  );
  // Many invoices print no job, PO or due date: those alone are no reason to make the user wait.
  return needed.some((name) => CORE_FIELDS.has(name)) ? needed : [];
}

const CORE_FIELDS = new Set<InvoiceFieldName>(['vendor', 'invoice_number', 'invoice_date', 'total_amount']);

/** The model's value for a field in the shape the invoice keeps, or null when it is not one. */
export function validModelValue(name: InvoiceFieldName, raw: unknown): FieldValue | null {
  if (name === 'total_amount') {
    return typeof raw === 'number' && Number.isFinite(raw) && raw > 0 && raw < MAX_AMOUNT ? Math.round(raw * 100) / 100 : null;
  }
  if (typeof raw !== 'string') return null;
  const text = raw.replace(/\s+/g, ' ').trim();
  if (!text || text.length > MAX_TEXT_VALUE) return null;
  if (name === 'invoice_date' || name === 'due_date') return isCalendarDate(text) ? text : null;
  return text;
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  return date.toISOString().slice(0, 10) === text && +match[1] >= 1900 && +match[1] <= 2200;
}

/**
 * Whether the document prints the value, the guard against an invented one: text as a whole
 * word or phrase (case and spacing aside), an amount in any common number format, a date with at
 * least its day and year close together.
 */
export function printedIn(text: string, name: InvoiceFieldName, value: FieldValue): boolean {
  if (typeof value === 'number') return amountPrinted(text, value);
  if (name === 'invoice_date' || name === 'due_date') return datePrinted(text, value);
  return phrasePrinted(text, value);
}

function phrasePrinted(text: string, value: string): boolean {
  const haystack = text.replace(/\s+/g, ' ').toLowerCase();
  const needle = value.replace(/\s+/g, ' ').toLowerCase();
  // 'LK-8821' is not printed in 'LK-88213': a match may not run on into a letter or digit.
  const runsOn = (edge: string, neighbour = ' ') => /[\p{L}\p{N}]/u.test(edge) && /[\p{L}\p{N}]/u.test(neighbour);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (!runsOn(needle[0], haystack[at - 1]) && !runsOn(needle.at(-1)!, haystack[at + needle.length])) return true;
  }
  return false;
}

function amountPrinted(text: string, value: number): boolean {
  // '1 234,56': digit groups split by spaces are joined, as findAmounts reads no spaces.
  const joined = text.replace(/(\d)[ \u00a0\u202f](?=\d{3}(?!\d))/g, '$1');
  const mark = detectDecimalMark(joined.split('\n'));
  return [mark, mark === '.' ? (',' as const) : ('.' as const)].some((each) =>
    findAmounts(joined, each).some((amount) => sameAmount(Math.abs(amount.value), value, 0.005)),
  );
}

/** Day and year within a short span of each other, in any order ('12-Jan-2026', '01/12/26', '2026-01-12'). */
function datePrinted(text: string, iso: string): boolean {
  const [year, , day] = iso.split('-');
  const years = [year, year.slice(2)];
  const days = new Set([day, String(+day)]);
  const numbers = [...text.matchAll(/\d+/g)].map((match) => ({ digits: match[0], index: match.index }));
  return numbers.some(
    (a) => years.includes(a.digits) && numbers.some((b) => b !== a && days.has(b.digits) && Math.abs(a.index - b.index) <= DATE_SPAN),
  );
}

/**
 * The invoice with the model's values it may take: each valid and printed, each changing a field
 * that needs help (fieldsNeedingHelp), none leaving a cross-check it takes part in failing.
 * Filled fields say so in a warning, and the checks they touch are worked out again.
 */
export function acceptModelValues(invoice: ExtractedInvoice, answer: Record<string, unknown>, text: string): FilledInvoice {
  const proposals: Proposals = {};
  for (const name of fieldsNeedingHelp(invoice)) {
    const value = validModelValue(name, answer[name]);
    const current = invoice[MODEL_FIELD_KEYS[name]]?.value;
    if (value !== null && value !== current && printedIn(text, name, value)) proposals[name] = value;
  }
  let next = invoice;
  const filled: InvoiceFieldName[] = [];
  for (const name of ['vendor', 'invoice_number', 'job_number', 'reference'] as const) {
    if (proposals[name] !== undefined) {
      next = withValue(next, name, proposals[name]);
      filled.push(name);
    }
  }
  if (proposals.total_amount !== undefined) {
    const tried = withValue(next, 'total_amount', proposals.total_amount);
    if (checkTotalsTieOut(tried)?.passed !== false) {
      next = tried;
      filled.push('total_amount');
    }
  }
  const dates = (['invoice_date', 'due_date'] as const).filter((name) => proposals[name] !== undefined);
  const dateChoices = dates.length === 2 ? [dates, [dates[0]], [dates[1]]] : [dates];
  for (const choice of dateChoices.filter((each) => each.length > 0)) {
    const tried = choice.reduce((acc, name) => withValue(acc, name, proposals[name]!), next);
    if (checkDatesInOrder(tried)?.passed !== false) {
      next = tried;
      filled.push(...choice);
      break;
    }
  }
  if (filled.length === 0) return { invoice, filledByModel: [] };
  const order = Object.keys(MODEL_FIELD_KEYS);
  filled.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { invoice: { ...next, checks: recheck(next, filled), warnings: warnings(next.warnings, filled) }, filledByModel: filled };
}

function withValue(invoice: ExtractedInvoice, name: InvoiceFieldName, value: FieldValue): ExtractedInvoice {
  const field: ExtractedField<FieldValue> = { value, confidence: MODEL_CONFIDENCE, region: null };
  return { ...invoice, [MODEL_FIELD_KEYS[name]]: field };
}

/** The checks again, for those a filled field takes part in; the others as the rules left them. */
function recheck(invoice: ExtractedInvoice, filled: InvoiceFieldName[]): InvoiceCheck[] {
  const redo = new Map<InvoiceCheck['code'], InvoiceCheck | null>();
  if (filled.includes('total_amount')) redo.set('totals_tie_out', checkTotalsTieOut(invoice));
  if (filled.includes('invoice_date') || filled.includes('due_date')) redo.set('dates_in_order', checkDatesInOrder(invoice));
  const kept = invoice.checks.filter((check) => !redo.has(check.code));
  return [...kept, ...[...redo.values()].filter((check): check is InvoiceCheck => check !== null)];
}

function warnings(current: string[], filled: InvoiceFieldName[]): string[] {
  const stale = new Set(filled.map((name) => STALE_WARNINGS[name]));
  const words = filled.map((name) => FIELD_WORDS[name]);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  const notice = `${list[0].toUpperCase()}${list.slice(1)} read by the AI model; please check ${words.length === 1 ? 'it' : 'them'}.`;
  return [...current.filter((warning) => !stale.has(warning)), notice];
}
