import type { InformationSource } from '../../../contract/chat';
import { SOURCE_LABELS, type Citable } from './knowledge-tools';

const MAX_PASSAGES = 3;
const EXCERPT_CHARS = 900;

/**
 * The answer when no language model is configured: the best passages, each cited and plainly
 * labelled as retrieved text, so a clerk asking "how do I ..." still gets the steps.
 */
export function buildRetrievalAnswer(source: InformationSource, found: Citable[]): { content: string; used: Citable[] } {
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
    return `#### [${i + 1}] ${heading}${page}\n\n${excerpt(c.text)}`;
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

/** Trims at a line or sentence end so numbered steps and sentences stay whole. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const clean = text.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lineEnd = cut.lastIndexOf('\n');
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
  const at = lineEnd > max * 0.5 ? lineEnd : sentenceEnd > max * 0.5 ? sentenceEnd + 1 : cut.lastIndexOf(' ');
  return `${clean.slice(0, at > 0 ? at : max).trimEnd()} …`;
}
