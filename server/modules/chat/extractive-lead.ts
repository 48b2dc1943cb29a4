import { SYNONYM_GROUPS } from '../retrieval/synonyms';
import { isTableRule } from '../retrieval/text-blocks';
import type { Citable } from './knowledge-tools';

/** A sentence quoted from passage `cite` (1-based, the citation number). */
export interface LeadSentence {
  text: string;
  cite: number;
}

const MAX_LEAD_SENTENCES = 3;
/** Further sentences join the lead only when they score at least this share of the best one. */
const FOLLOWER_SHARE = 0.5;
/** Words of the earlier turns help pick the sentence but weigh less than the question's own. */
const CONTEXT_WEIGHT = 0.3;
/** The search's accounting synonyms of the question's words ("holdback" for "retainage") count, less than the words typed. */
const SYNONYM_WEIGHT = 0.5;
/**
 * The ranking weighed the whole passage (and the chat's earlier turns): its first passage's
 * sentences win over later passages' unless those match the question clearly better.
 */
const PASSAGE_PRIOR = [1, 0.75, 0.6];
/** A sentence under a heading that names the question's subject ("Cancelling a debit note") answers it, less surely than one that says so itself. */
const HEADING_WEIGHT = 0.5;
const MIN_WORDS = 4;
const MAX_SENTENCE_CHARS = 320;

const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below both but by can could did do does doing ' +
    'done down during each either else for from further get gets got had has have having he her here hers him his how i if in into ' +
    'is it its itself just let me more most much must my need needs no nor not now of off on once one only or other our ours out ' +
    'over own please same shall she should so some such than that the their them then there these they this those through to too ' +
    'under until up us very want was way we were what when where which while who whom why will with would you your yours'
  ).split(' '),
);

interface Candidate {
  text: string;
  cite: number;
  /** passage index, then position in it: the reading order */
  order: number;
  terms: Set<string>;
  /** words of the nearest heading above the sentence that the sentence lacks */
  headingTerms: Set<string>;
}

/**
 * The few sentences of the cited passages that answer the question, for the answer without a
 * model. A sentence scores by the question's words it holds (or its heading holds), each
 * weighted by how rare it is among the passages' sentences (a cheap inverse document frequency),
 * so "credit" outweighs "invoice" in a library full of invoices; the search's accounting synonyms
 * of its words count too, for less. Words of the chat's earlier
 * questions only add to sentences that hold a word of this one, unless none does ("how do I
 * undo it?"). The chosen sentences come back in reading order.
 */
export function leadSentences(passages: Citable[], question: string, context = ''): LeadSentence[] {
  const candidates = passages.flatMap((p, i) => sentencesOf(p.text, p.context.split(' › ').at(-1)).map((s, j) => candidate(s, i, j)));
  const eligible = candidates.filter((c) => c.text.split(/\s+/).length >= MIN_WORDS && !c.text.endsWith(':'));
  if (eligible.length === 0) return candidates.slice(0, 1).map(({ text, cite }) => ({ text, cite }));

  const own = termsOf(question);
  const synonyms = synonymTermsOf(question).filter((t) => !own.includes(t));
  const ownWeights = termWeights([...own.map((t) => [t, 1] as const), ...synonyms.map((t) => [t, SYNONYM_WEIGHT] as const)], eligible);
  const earlierWeights = termWeights(
    termsOf(context)
      .filter((t) => !own.includes(t))
      .map((t) => [t, 1] as const),
    eligible,
  );
  const scored = eligible.map((c) => ({ ...c, own: score(c, ownWeights), earlier: score(c, earlierWeights) }));
  const answering = scored.some((c) => c.own > 0) ? scored.filter((c) => c.own > 0) : scored;
  const ranked = answering.map((c) => ({ ...c, score: c.own + CONTEXT_WEIGHT * c.earlier })).sort((a, b) => b.score - a.score || a.order - b.order);
  const best = ranked[0].score;
  // Nothing overlaps (a paraphrase the ranking matched through synonyms): the top passage's opening sentence.
  if (best === 0) return [{ text: eligible[0].text, cite: eligible[0].cite }];

  const chosen: typeof ranked = [];
  for (const c of ranked) {
    if (chosen.length === MAX_LEAD_SENTENCES || c.score < best * FOLLOWER_SHARE) break;
    if (!chosen.some((d) => d.text.toLowerCase() === c.text.toLowerCase())) chosen.push(c);
  }
  return chosen.sort((a, b) => a.order - b.order).map(({ text, cite }) => ({ text, cite }));
}

function candidate({ text, heading }: Sentence, passage: number, position: number): Candidate {
  const terms = new Set(termsOf(text));
  const headingTerms = new Set(termsOf(heading).filter((t) => !terms.has(t)));
  return { text, cite: passage + 1, order: passage * 10_000 + position, terms, headingTerms };
}

/** Each word's weight: as given, times how rare it is among the candidate sentences. */
function termWeights(terms: ReadonlyArray<readonly [string, number]>, candidates: Candidate[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [term, weight] of terms) {
    if (weights.has(term)) continue;
    const holders = candidates.filter((c) => c.terms.has(term) || c.headingTerms.has(term)).length;
    if (holders > 0) weights.set(term, weight * Math.log(1 + candidates.length / holders));
  }
  return weights;
}

/** The words of every synonym group the question names a member of (matched as the search does: any case, a plural "s" or "'s" ignored). */
function synonymTermsOf(question: string): string[] {
  const asked = ` ${phrase(question)} `;
  const groups = SYNONYM_GROUPS.filter((group) => group.some((member) => asked.includes(` ${phrase(member)} `)));
  return [...new Set(groups.flat().flatMap(termsOf))];
}

const phrase = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}&/'’-]+/gu) ?? []).map((word) => word.replace(/'s$|s$/, '')).join(' ');

function score(c: Candidate, weights: Map<string, number>): number {
  let sum = 0;
  for (const term of c.terms) sum += weights.get(term) ?? 0;
  for (const term of c.headingTerms) sum += HEADING_WEIGHT * (weights.get(term) ?? 0);
  const passage = Math.floor(c.order / 10_000);
  return sum * PASSAGE_PRIOR[Math.min(passage, PASSAGE_PRIOR.length - 1)];
}

interface Sentence {
  text: string;
  /** the nearest heading above it ('' when none) */
  heading: string;
}

/**
 * A passage's sentences as plain text, each with the heading it sits under (`heading` before
 * the first one in the text): headings are not sentences, list markers and emphasis are removed,
 * lines wrapped inside a paragraph (as PDF text often is) are joined, and each row of a table is
 * one unit that names its columns ('Job: 2417; Description: Structural steel; Actual: 390112.1'),
 * so a question about a spreadsheet is answered by its row.
 */
export function sentencesOf(text: string, heading = ''): Sentence[] {
  const units: Array<Sentence & { row?: boolean }> = [];
  let current = heading;
  let paragraph: string[] = [];
  let table: string[] = [];
  const flush = () => {
    if (paragraph.length) units.push({ text: paragraph.join(' '), heading: current });
    paragraph = [];
    for (const row of tableRows(table)) units.push({ text: row, heading: current, row: true });
    table = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('|')) {
      if (paragraph.length) flush();
      table.push(line);
      continue;
    }
    const headingText = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (!line || headingText !== undefined || /^(```|---)/.test(line)) {
      flush();
      if (headingText !== undefined) current = headingText;
      continue;
    }
    if (table.length) flush();
    // A list item is a unit of its own; its marker is no sentence end.
    const item = /^([-*+]|\d{1,3}[.)]|>)\s+/.exec(line);
    if (item) flush();
    paragraph.push(item ? line.slice(item[0].length) : line);
  }
  flush();
  return units.flatMap((unit) =>
    (unit.row ? [unit.text] : splitSentences(unit.text))
      .map(plain)
      .filter(Boolean)
      .map((sentence) => ({ text: clip(sentence), heading: unit.heading })),
  );
}

/** A Markdown table's data rows as text, each cell named by its column when the table has a header row. */
function tableRows(lines: string[]): string[] {
  const cells = (line: string) =>
    line
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim());
  const header = lines.length > 1 && isTableRule(lines[1]) ? cells(lines[0]) : undefined;
  return lines
    .slice(header ? 2 : 0)
    .filter((line) => !isTableRule(line))
    .map((line) =>
      cells(line)
        .map((value, i) => (value && header?.[i] ? `${header[i]}: ${value}` : value))
        .filter(Boolean)
        .join('; '),
    )
    .filter(Boolean);
}

/** Ends at . ! ? followed by a capital, a digit or a quote; "e.g. the" stays whole. */
function splitSentences(unit: string): string[] {
  return unit.split(/(?<=[.!?])\s+(?=["'(\p{Lu}\d])/u);
}

function plain(sentence: string): string {
  return sentence
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function clip(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_CHARS) return sentence;
  const cut = sentence.slice(0, MAX_SENTENCE_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : MAX_SENTENCE_CHARS).trimEnd()} …`;
}

/** Lower-case words without stop words, crudely stemmed so "notes" and "note", "releasing" and "release" meet. */
function termsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !STOP_WORDS.has(w)).map(stem);
}

function stem(word: string): string {
  if (/\d/.test(word) || word.length <= 3) return word;
  return collapseDouble(stripSuffix(word));
}

function stripSuffix(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  for (const suffix of ['ing', 'ed', 'es', 'e']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** "cancelled" and "cancel", "billed" and "bill" meet. */
const collapseDouble = (word: string) => word.replace(/([b-df-hj-np-tv-z])\1$/, '$1');
