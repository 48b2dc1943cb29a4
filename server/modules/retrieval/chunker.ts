import { countWords, packUnits, parseBlocks, splitBlock, type Block } from './text-blocks';

/**
 * Cuts documents into passages a person could cite: a Markdown article by its headings (the
 * passage keeps its heading path), a plain-text page by paragraphs (the passage keeps its
 * page). Pure and deterministic: the same input always gives the same chunks.
 */
export interface ChunkOptions {
  /** Sections shorter than this merge with a neighbour under the same parent. */
  minWords?: number;
  /** Longer sections split at paragraph (then sentence, item, row) boundaries. */
  maxWords?: number;
}

export interface MarkdownChunk {
  headingPath: string;
  text: string;
}

export interface PageChunk {
  page: number | null;
  text: string;
}

/** Bump when chunking changes, so unchanged articles are indexed again once. */
export const CHUNKER_VERSION = 2;

const DEFAULTS = { minWords: 80, maxWords: 300 };
const PATH_SEPARATOR = ' > ';

interface Heading {
  level: number;
  text: string;
}

interface Section {
  path: Heading[];
  blocks: Exclude<Block, { kind: 'heading' }>[];
  words: number;
}

const NAVIGATION_HEADING = /^(related( articles| topics)?|see also)$/i;

export function chunkMarkdown(markdown: string, options: ChunkOptions = {}): { title: string | null; chunks: MarkdownChunk[] } {
  const { minWords, maxWords } = { ...DEFAULTS, ...options };
  // "Related" link lists name other articles' titles: as passages they only pull in wrong matches.
  const sections = toSections(parseBlocks(markdown)).filter((s) => !NAVIGATION_HEADING.test(s.path.at(-1)?.text ?? ''));
  const title = firstTitle(markdown);
  const groups: Section[][] = [];
  for (let i = 0; i < sections.length;) {
    const group = [sections[i]];
    let words = sections[i].words;
    const parent = sections[i].path.slice(0, -1);
    i++;
    while (words < minWords && i < sections.length && startsWith(sections[i].path, parent) && words + sections[i].words <= maxWords) {
      words += sections[i].words;
      group.push(sections[i++]);
    }
    const previous = groups[groups.length - 1];
    if (words < minWords && previous && canAppend(previous, group, maxWords)) previous.push(...group);
    else groups.push(group);
  }
  return { title, chunks: groups.flatMap((group) => groupChunks(group, maxWords)) };
}

export function chunkPages(pages: Array<{ page: number | null; text: string }>, options: ChunkOptions = {}): PageChunk[] {
  const { maxWords } = { ...DEFAULTS, ...options };
  return pages.flatMap(({ page, text }) => {
    const paragraphs = text
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .map((p) => p.replace(/[ \t]+/g, ' ').trim())
      .filter((p) => countWords(p) > 0);
    const units = paragraphs.flatMap((p) => (countWords(p) > maxWords ? splitBlock({ kind: 'paragraph', text: p }, maxWords) : [p]));
    return packUnits(units, maxWords, '\n\n').map((chunk) => ({ page, text: chunk }));
  });
}

function toSections(blocks: Block[]): Section[] {
  const sections: Section[] = [];
  let current: Section = { path: [], blocks: [], words: 0 };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      if (current.words > 0) sections.push(current);
      const path = current.path.filter((h) => h.level < block.level);
      current = { path: [...path, { level: block.level, text: block.text }], blocks: [], words: 0 };
    } else {
      current.blocks.push(block);
      current.words += countWords(block.text);
    }
  }
  if (current.words > 0) sections.push(current);
  return sections;
}

function groupChunks(group: Section[], maxWords: number): MarkdownChunk[] {
  const common = group.slice(1).reduce((prefix, s) => commonPrefix(prefix, s.path), group[0].path);
  const headingPath = common.map((h) => h.text).join(PATH_SEPARATOR);
  const units = group.flatMap((section) => {
    const own = section.path.length > common.length ? section.path.slice(common.length) : [];
    const headings = own.map((h) => `${'#'.repeat(h.level)} ${h.text}`);
    const body = section.blocks.flatMap((b) => (countWords(b.text) > maxWords ? splitBlock(b, maxWords) : [b.text]));
    return headings.length > 0 && body.length > 0 ? [`${headings.join('\n\n')}\n\n${body[0]}`, ...body.slice(1)] : body;
  });
  return packUnits(units, maxWords, '\n\n').map((text) => ({ headingPath, text }));
}

function canAppend(previous: Section[], group: Section[], maxWords: number): boolean {
  const words = [...previous, ...group].reduce((sum, s) => sum + s.words, 0);
  return words <= maxWords && startsWith(group[0].path, previous[0].path.slice(0, -1));
}

function startsWith(path: Heading[], prefix: Heading[]): boolean {
  return prefix.length <= path.length && prefix.every((h, i) => h.level === path[i].level && h.text === path[i].text);
}

function commonPrefix(a: Heading[], b: Heading[]): Heading[] {
  let n = 0;
  while (n < a.length && n < b.length && a[n].level === b[n].level && a[n].text === b[n].text) n++;
  return a.slice(0, n);
}

function firstTitle(markdown: string): string | null {
  const block = parseBlocks(markdown).find((b) => b.kind === 'heading' && b.level === 1);
  return block && block.kind === 'heading' ? block.text : null;
}
