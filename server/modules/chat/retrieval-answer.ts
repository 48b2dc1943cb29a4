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
export function buildRetrievalAnswer(source: InformationSource, cited: Citable[], question = '', context = ''): { content: string; used: Citable[] } {
  if (cited.length === 0) return { content: notCoveredAnswer(source), used: [] };
  const lead = leadSentences(cited, question, context)
    .map((s) => `${s.text} [${s.cite}]`)
    .join(' ');
  const sections = cited.map((c, i) => {
    const heading = c.context ? `${c.source.title} › ${c.context}` : c.source.title;
    const page = c.source.page ? ` (page ${c.source.page})` : '';
    return `#### [${i + 1}] ${oneLine(heading)}${page}\n\n${excerpt(c.text, EXCERPT_CHARS, question)}`;
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
