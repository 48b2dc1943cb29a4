import { toSafeHref, WEB_PROTOCOLS } from './safe-url';

export type TextSegment = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

// A markdown link [text](http...) or a bare http(s) URL.
const LINK_PATTERN = /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)|(https?:\/\/[^\s<>"']+)/gi;
// Sentence punctuation right after a bare URL is almost never part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/** Splits plain text into text and link pieces; only http(s) addresses become links. */
export function linkifyText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (value) segments.push({ type: 'text', text: value });
  };
  for (const match of text.matchAll(LINK_PATTERN)) {
    const [whole, label, markdownHref, bareUrl] = match;
    let end = match.index + whole.length;
    let href = markdownHref;
    let linkText = label;
    if (bareUrl) {
      const trimmed = bareUrl.replace(TRAILING_PUNCTUATION, '');
      end -= bareUrl.length - trimmed.length;
      href = trimmed;
      linkText = trimmed;
    }
    const safe = toSafeHref(href, WEB_PROTOCOLS);
    if (!safe) continue;
    pushText(text.slice(last, match.index));
    segments.push({ type: 'link', text: linkText, href: safe });
    last = end;
  }
  pushText(text.slice(last));
  return segments;
}
