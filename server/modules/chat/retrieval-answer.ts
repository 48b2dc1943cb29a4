import type { InformationSource } from '@contract/chat';
import { SOURCE_LABELS, type Citable } from './knowledge-tools';

const MAX_PASSAGES = 3;
const EXCERPT_CHARS = 900;

/**
 * The answer when no language model is configured: the best passages, each cited and plainly
 * labelled as retrieved text, so a clerk asking "how do I ..." still gets the steps.
 */
export function buildRetrievalAnswer(source: InformationSource, found: Citable[], question = ''): { content: string; used: Citable[] } {
  const used = distinct(found).slice(0, MAX_PASSAGES);
  const label = SOURCE_LABELS[source];
  if (used.length === 0) {
    return {
      content:
        `I couldn't find anything about that in ${label}. Try other words (for example "retainage", ` +
        '"AP invoice entry" or "lien waiver"), or choose another information source.',
      used,
    };
  }
  const sections = used.map((c, i) => {
    const heading = c.context ? `${c.source.title} › ${c.context}` : c.source.title;
    const page = c.source.page ? ` (page ${c.source.page})` : '';
    return `#### [${i + 1}] ${heading}${page}\n\n${excerpt(c.text, EXCERPT_CHARS, question)}`;
  });
  return {
    content: [
      `**Retrieved passages** from ${label}. No language model is configured, so these are the most relevant sections as written, not a composed answer.`,
      ...sections,
      '_To get written answers, an administrator can connect a language model (set `LLM_BASE_URL` and `LLM_MODEL`)._',
    ].join('\n\n'),
    used,
  };
}

/** One passage per article section: repeated chunks of one section add nothing. */
function distinct(found: Citable[]): Citable[] {
  const seen = new Set<string>();
  return found.filter((c) => {
    const key = `${c.source.documentId ?? c.source.title}|${c.context}|${c.source.page ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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
