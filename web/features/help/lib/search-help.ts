import type { HelpArticle, HelpCategory } from '@contract/help';

/** The glossary's categories: 'all' plus the article categories it lists (spec part 1, section 2). */
export const HELP_CATEGORIES = [
  { value: 'all', label: 'All Topics' },
  { value: 'chat', label: 'Chat Features' },
  { value: 'files', label: 'File Management' },
  { value: 'invoice', label: 'Invoice Processing' },
  { value: 'general', label: 'General Help' },
] as const;
export type HelpCategoryFilter = (typeof HELP_CATEGORIES)[number]['value'];

export const CATEGORY_LABELS: Record<HelpCategory, string> = {
  chat: 'Chat',
  files: 'Files',
  invoice: 'Invoices',
  context: 'Context',
  general: 'General',
};

/**
 * Articles whose title or content contains the lowercased query, in the category when one is given.
 * The glossary has no context category of its own: those articles are listed under General Help.
 */
export function searchHelpArticles(articles: HelpArticle[], query: string, category?: HelpCategoryFilter): HelpArticle[] {
  const needle = query.trim().toLowerCase();
  return articles.filter((article) => {
    const inCategory = !category || category === 'all' || glossaryCategory(article.category) === category;
    return inCategory && (!needle || article.title.toLowerCase().includes(needle) || article.content.toLowerCase().includes(needle));
  });
}

function glossaryCategory(category: HelpCategory): HelpCategoryFilter {
  return category === 'context' ? 'general' : category;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * `text` cut into the parts that match `query` (case-insensitively) and those that do not. Plain
 * string search, no regular expression: any query is safe, and the parts are rendered as text.
 */
export function splitMatches(text: string, query: string): TextPart[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const haystack = text.toLowerCase();
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
