import type { InformationSource } from '@contract/chat';
import { leadSentences } from './extractive-lead';
import { SOURCE_LABELS, type Citable } from './knowledge-tools';
import { notCoveredAnswer } from './passage-selection';

const EXCERPT_CHARS = 900;
/**
 * Heads the passages after the lead sentences. The web app shows what follows it collapsed, one
 * passage per `#### [n] heading` (web/features/chat/lib/retrieval-answer.ts): keep the two in step.
 */
const PASSAGES_HEADING = '### Passages';

/**
 * The answer when no language model is configured: the sentences that answer the question, each
 * cited, then the cited passages as written (shown collapsed), plainly labelled as retrieved
 * text. `cited` is what `selectPassages` kept; empty means the source does not cover the question.
 * `context` (earlier questions of the chat) helps pick the sentences of a follow-up.
 */
export function buildRetrievalAnswer(
  source: InformationSource,
  cited: Array<Citable & { procedure?: string }>,
  question = '',
  context = '',
): { content: string; used: Citable[] } {
  if (cited.length === 0) return { content: notCoveredAnswer(source), used: [] };
  const lead = leadSentences(cited, question, context)
    .map((s) => `${s.text} [${s.cite}]`)
    .join(' ');
  const sections = cited.map((c, i) => {
    const heading = c.context ? `${c.source.title} › ${c.context}` : c.source.title;
    const page = c.source.page ? ` (page ${c.source.page})` : '';
    const shown = (asksHow(question) && (c.procedure ?? procedureIn(c.text, question))) || excerpt(c.text, EXCERPT_CHARS, question);
    return `#### [${i + 1}] ${oneLine(heading)}${page}\n\n${shown}`;
  });
  const note =
    `_Quoted from ${quotedFrom(source, cited)} as written: no language model is configured, so these are the sentences and passages that ` +
    'match the question best, not a composed answer. To get written answers, an administrator can connect a language model ' +
    '(set `LLM_BASE_URL` and `LLM_MODEL`)._';
  return { content: [lead, note, PASSAGES_HEADING, ...sections].filter(Boolean).join('\n\n'), used: cited };
}

/** 'your uploaded files', 'the company vendor list', or both: what the cited passages are. */
function quotedFrom(source: InformationSource, cited: Citable[]): string {
  const labels = [...new Set(cited.map((c) => c.origin ?? SOURCE_LABELS[source]))];
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
}

/**
 * For a how-do-I question, the procedure each cited passage belongs to: a passage without steps of
 * its own ('Releasing Retainage', the article's opening) gets the best-fitting numbered procedure of
 * its whole article, which is what the clerk asked for (issue 29).
 */
export async function withProcedures(cited: Citable[], question: string): Promise<Array<Citable & { procedure?: string }>> {
  if (!asksHow(question)) return cited;
  return Promise.all(
    cited.map(async (c) => {
      if (lines(c.text).some((line) => STEP.test(line)) || !c.whole) return c;
      const procedure = procedureIn(await c.whole(), question);
      return procedure && coversQuestion(procedure, question) ? { ...c, procedure } : c;
    }),
  );
}

const lines = (text: string) => text.split('\n');
/** 'releasing' and 'release', 'subcontractor' and 'subcontract': one word for matching a heading. */
const stem = (word: string) => word.slice(0, 6);

/**
 * A procedure taken from elsewhere in the article must be about the question: its heading names
 * what the steps do, so two of the question's words there (or one, when the question has one).
 */
function coversQuestion(procedure: string, question: string): boolean {
  const words = new Set((question.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []).map(stem));
  const heading = /^\s*#/.test(procedure) ? procedure.split('\n')[0] : '';
  const shared = new Set((heading.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []).map(stem).filter((w) => words.has(w)));
  return shared.size >= Math.min(2, words.size);
}

/** 'How do I release retainage?', 'What are the steps to…', 'Walk me through…': asks for a procedure. */
const HOW = /\b(?:how (?:do|can|should|would|to)|how\b.*\?$|steps?\b|procedure|process for|walk me through|what do i do)/i;
const asksHow = (question: string) => HOW.test(question.trim());

/** A numbered step ('1. Confirm…', '2) Post…'); lines that are not steps may sit between two. */
const STEP = /^\s*\d{1,2}[.)]\s+\S/;
/** A procedure longer than this is shown up to its last whole step that fits. */
const PROCEDURE_CHARS = 3000;

/**
 * The numbered procedure of a passage that best fits the question, whole and under its heading
 * (issue 29): an excerpt cut at 900 characters stopped before the steps a clerk asked for. Null
 * when the passage holds no numbered steps.
 */
export function procedureIn(text: string, question: string): string | null {
  const lines = text.split('\n');
  const blocks: Array<{ heading: string; steps: string[] }> = [];
  for (let i = 0; i < lines.length; i++) {
    if (!STEP.test(lines[i]) || (i > 0 && STEP.test(lines[i - 1]))) continue;
    let end = i;
    for (let j = i + 1; j < lines.length; j++) {
      if (STEP.test(lines[j])) end = j;
      else if (/^\s*#|^\S.*:\s*$/.test(lines[j]) || (lines[j].trim() === '' && !STEP.test(lines[j + 1] ?? ''))) break;
    }
    const headingAt = findHeading(lines, i);
    blocks.push({ heading: headingAt === null ? '' : lines[headingAt].trim(), steps: lines.slice(i, end + 1) });
    i = end;
  }
  if (blocks.length === 0) return null;
  const words = new Set(question.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);
  const score = (block: (typeof blocks)[number]) =>
    [...new Set(`${block.heading} ${block.steps.join(' ')}`.toLowerCase().match(/[a-z0-9]{4,}/g) ?? [])].filter((w) => words.has(w)).length +
    // The heading names what the steps do: its words count twice.
    [...new Set(block.heading.toLowerCase().match(/[a-z0-9]{4,}/g) ?? [])].filter((w) => words.has(w)).length;
  const best = blocks.reduce((a, b) => (score(b) > score(a) ? b : a));
  const kept: string[] = [];
  let length = best.heading.length;
  for (const line of best.steps) {
    if (length + line.length > PROCEDURE_CHARS && kept.length > 0) {
      kept.push('…');
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return [best.heading, kept.join('\n')].filter(Boolean).join('\n\n');
}

/** The heading or lead-in line ('## Releasing retainage…', 'To post it:') right above a procedure. */
function findHeading(lines: string[], at: number): number | null {
  for (let i = at - 1; i >= 0 && i >= at - 3; i--) {
    if (lines[i].trim() === '') continue;
    return /^\s*#|:\s*$/.test(lines[i]) ? i : null;
  }
  return null;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Trims at a line or sentence end so numbered steps and sentences stay whole. A long passage is
 * cut around the first place the question's words appear, so the matching line is never cut off.
 */
export function excerpt(text: string, max = EXCERPT_CHARS, question = ''): string {
  const clean = text.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1').trim();
  if (clean.length <= max) return clean;
  const from = windowStart(clean, max, question);
  const cut = clean.slice(from, from + max);
  const lineEnd = cut.lastIndexOf('\n');
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
  const endsText = from + max >= clean.length;
  const at = endsText ? cut.length : lineEnd > max * 0.5 ? lineEnd : sentenceEnd > max * 0.5 ? sentenceEnd + 1 : cut.lastIndexOf(' ');
  const body = cut.slice(0, at > 0 ? at : max).trim();
  return `${from > 0 ? '… ' : ''}${body}${endsText ? '' : ' …'}`;
}

/** Where a window of `max` characters should start: the text start, or the line of the first match. */
function windowStart(text: string, max: number, question: string): number {
  const lower = text.toLowerCase();
  const terms = question
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length >= 4);
  const hits = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  if (hits.length === 0) return 0;
  const first = Math.min(...hits);
  if (first < max * 0.6) return 0;
  // Start at the line or sentence holding the match (extracted pages often have no line breaks).
  const lineStart = text.lastIndexOf('\n', first - 1) + 1;
  const sentenceStart = text.lastIndexOf('. ', first - 1) + 2;
  let begin = Math.max(lineStart, sentenceStart > 1 ? sentenceStart : 0);
  if (first - begin > max / 2) begin = text.lastIndexOf(' ', first - 40) + 1;
  if (begin + max <= text.length) return begin;
  // Near the end: show the last `max` characters, from the next whole line or sentence.
  const tail = text.length - max;
  const next = Math.min(
    ...['\n', '. ']
      .map((mark) => text.indexOf(mark, tail))
      .filter((i) => i >= 0)
      .map((i) => i + (text[i] === '\n' ? 1 : 2)),
  );
  return Number.isFinite(next) && next <= begin ? next : tail;
}
