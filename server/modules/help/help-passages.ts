import type { HelpArticle } from '@contract/help';

/** A paragraph or list item of a help article, as plain text. */
export interface HelpPassage {
  articleId: string;
  title: string;
  /** The nearest heading above the passage. */
  heading: string;
  text: string;
}

const STOP_WORDS = new Set(
  'the and for with this that from your you are can how what when where which into onto about button panel field its use get'.split(' '),
);

/** Lowercase words of three letters or more, without common words. */
function queryTerms(text: string): string[] {
  const words = (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
  // A plural still finds the singular in the text ("invoices" -> "invoice").
  return [...new Set(words.map((word) => (word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word)))];
}

export function splitPassages(article: HelpArticle): HelpPassage[] {
  const passages: HelpPassage[] = [];
  let heading = article.title;
  for (const block of article.content.split(/\n\s*\n|\n(?=\s*(?:[-*]|\d+\.)\s)/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    if (/^#{1,6}\s/.test(trimmed)) {
      heading = trimmed.replace(/^#{1,6}\s+/, '');
      continue;
    }
    const text = plainText(trimmed);
    if (text.length >= 20) passages.push({ articleId: article.id, title: article.title, heading, text });
  }
  return passages;
}

function plainText(markdown: string): string {
  return markdown
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Passages ranked by how many of the query's words they (and their heading and title) contain:
 * words of `focus` (the control) weigh twice those of `around` (where it is), and words in the
 * text more than words only in the heading or title.
 */
export function rankPassages(articles: HelpArticle[], focus: string, around: string, limit: number): HelpPassage[] {
  const focusTerms = queryTerms(focus);
  const terms = [
    ...focusTerms.map((term) => ({ term, weight: 2 })),
    ...queryTerms(around)
      .filter((t) => !focusTerms.includes(t))
      .map((term) => ({ term, weight: 1 })),
  ];
  if (terms.length === 0) return [];
  const scored = articles
    .flatMap(splitPassages)
    .map((passage) => ({ passage, score: scorePassage(passage, terms) }))
    .filter(({ score }) => score > 0);
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, limit).map(({ passage }) => passage);
}

function scorePassage(passage: HelpPassage, terms: Array<{ term: string; weight: number }>): number {
  const text = passage.text.toLowerCase();
  const around = `${passage.heading} ${passage.title}`.toLowerCase();
  let score = 0;
  for (const { term, weight } of terms) {
    if (text.includes(term)) score += 2 * weight;
    else if (around.includes(term)) score += weight;
  }
  // Among equals, the shorter passage is the more focused one.
  return score === 0 ? 0 : score - Math.min(passage.text.length, 2000) / 10_000;
}

/** The first sentence or two, at most `maxLength` characters. */
export function shortenTip(text: string, maxLength: number): string {
  const sentences = text.match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g) ?? [text];
  let tip = sentences[0].trim();
  if (sentences.length > 1 && tip.length + sentences[1].length <= maxLength * 0.75) tip = `${tip} ${sentences[1].trim()}`;
  return tip.length <= maxLength ? tip : `${tip.slice(0, maxLength - 1).replace(/\s+\S*$/, '')}…`;
}
