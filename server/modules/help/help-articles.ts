import { promises as fs } from 'node:fs';
import path from 'node:path';
import { helpCategory, type HelpArticle } from '@contract/help';

/**
 * Help articles are Markdown files in `knowledge/help/` that open with a small front matter block
 * (`id`, `title`, `category`). Read once at start: they ship with the code and change with it.
 */
export async function loadHelpArticles(dir: string): Promise<HelpArticle[]> {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md').sort();
  return Promise.all(names.map(async (name) => parseHelpArticle(name, await fs.readFile(path.join(dir, name), 'utf8'))));
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** Throws on a malformed file: a broken help article is a bug to fix before KAI starts. */
export function parseHelpArticle(fileName: string, text: string): HelpArticle {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`Help article ${fileName} has no front matter`);
  const fields = new Map<string, string>();
  for (const line of match[1].split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const id = fields.get('id') ?? fileName.replace(/\.md$/, '');
  const title = fields.get('title');
  const category = helpCategory.safeParse(fields.get('category'));
  if (!title || !category.success) throw new Error(`Help article ${fileName} needs a title and a category (chat, files, invoice, context, general)`);
  return { id, title, category: category.data, content: text.slice(match[0].length).trim(), type: 'static' };
}
