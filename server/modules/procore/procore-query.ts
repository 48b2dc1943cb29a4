/**
 * Reading a question (or a model's tool query) without a model: which Procore records it asks
 * about, for which projects, and any "over 90% paid" threshold. Pure functions.
 */
export type ProcoreTopic = 'commitments' | 'rfis' | 'submittals' | 'budget' | 'direct_costs' | 'vendors';

const TOPIC_WORDS: Array<[ProcoreTopic, RegExp]> = [
  ['commitments', /\b(sub-?contracts?|commitments?|purchase orders?|pos?|work orders?|paid|retainage|retention|contracts?|change orders?)\b/i],
  ['rfis', /\b(rfis?|requests? for information)\b/i],
  ['submittals', /\bsubmittals?\b/i],
  ['budget', /\b(budgets?|cost codes?|forecasts?|over budget)\b/i],
  ['direct_costs', /\b(direct costs?|invoices?|expenses?)\b/i],
  ['vendors', /\b(vendors?|suppliers?|sub-?contractors?|directory|phone|e-?mail|contacts?)\b/i],
];

/** The topics a question names, in a stable order; empty when it names none. */
export function topicsOf(question: string): ProcoreTopic[] {
  const topics = TOPIC_WORDS.filter(([, words]) => words.test(question)).map(([topic]) => topic);
  // "Which subcontractors are 90% paid" asks about contracts: the vendors come with them.
  if (topics.includes('vendors') && topics.includes('commitments') && !/\b(vendors?|directory|phone|e-?mail)\b/i.test(question)) {
    return topics.filter((t) => t !== 'vendors');
  }
  return topics;
}

export interface PercentFilter {
  op: '>' | '>=' | '<' | '<=';
  value: number;
}

const PERCENT =
  /\b(over|above|more than|greater than|exceeding|at least|under|below|less than|at most|no more than)\s+(\d{1,3}(?:\.\d+)?)\s*(?:%|percent\b)|([<>]=?)\s*(\d{1,3}(?:\.\d+)?)\s*%/i;
const OPS: Record<string, PercentFilter['op']> = {
  over: '>',
  above: '>',
  'more than': '>',
  'greater than': '>',
  exceeding: '>',
  'at least': '>=',
  under: '<',
  below: '<',
  'less than': '<',
  'at most': '<=',
  'no more than': '<=',
};

/** "over 90% paid", "less than 50 percent", "> 75%": a filter on the paid share. */
export function percentFilterOf(question: string): PercentFilter | undefined {
  const match = PERCENT.exec(question);
  if (!match) return undefined;
  if (match[3]) return { op: match[3] as PercentFilter['op'], value: Number(match[4]) };
  return { op: OPS[match[1].toLowerCase().replace(/\s+/g, ' ')], value: Number(match[2]) };
}

export function passesPercent(filter: PercentFilter, percent: number): boolean {
  switch (filter.op) {
    case '>':
      return percent > filter.value;
    case '>=':
      return percent >= filter.value;
    case '<':
      return percent < filter.value;
    default:
      return percent <= filter.value;
  }
}

/** Words that say what is asked rather than which project. */
const NOISE = new Set(
  (
    'a about above active all am an and any are as at be below by can current do does for from get give has have how i in is it its job jobs ' +
    'less list me more my of on open or our over paid percent project projects show than that the their them there these this those to ' +
    'under was we were what whats when where which who whose why with would you tell status details detail info information summary ' +
    'subcontract subcontracts subcontractor subcontractors commitment commitments purchase order orders contract contracts rfi rfis ' +
    'submittal submittals budget budgets cost costs direct invoice invoices vendor vendors supplier suppliers retainage procore company'
  ).split(' '),
);

/** The words of a question that may name a project, a vendor or a record. */
export function searchTerms(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}&'-]*/gu) ?? [];
  return [...new Set(words)].filter((w) => !NOISE.has(w) && (w.length >= 3 || /\d/.test(w)) && !/^\d{1,3}%?$/.test(w));
}

/** Whether any term is one of the text's words (or its number, like "2024-017"). */
export function mentions(text: string, terms: string[]): boolean {
  const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}&'-]*/gu) ?? []);
  return terms.some((term) => words.has(term) || (term.length >= 4 && text.toLowerCase().includes(term)));
}

/** "SC-014", "PO 7": a commitment named by its number, normalised as "SC-014" / "PO-7". */
export function commitmentNumberOf(question: string): string | undefined {
  const match = /\b(SC|PO)[\s#-]*(\d{1,5})\b/i.exec(question);
  return match ? `${match[1].toUpperCase()}-${match[2]}` : undefined;
}

/** Compares "SC-14" with "SC-014". */
export function sameNumber(a: string, b: string): boolean {
  const norm = (n: string) =>
    n
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/-0+(\d)/g, '-$1');
  return norm(a) === norm(b);
}
