import { countWords, packGroups, packUnits, parseBlocks, splitBlock, type Block } from './text-blocks';

/**
 * Cuts documents into passages a person could cite: a Markdown article by its headings (the
 * passage keeps its heading path), an uploaded document by its headings too when it has any
 * (and the page each passage starts on), a plain-text page by paragraphs (the passage keeps its
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

export interface DocumentChunk {
  /** 'Title > Section > Subsection'; '' for a document without headings. */
  headingPath: string;
  /** The page the passage starts on. */
  page: number | null;
  text: string;
}

/** Bump when chunking changes, so unchanged articles are indexed again once. */
export const CHUNKER_VERSION = 2;

const DEFAULTS = { minWords: 80, maxWords: 300 };
/** Uploaded documents are not tuned like the guide: a little longer, so a passage stands alone. */
const DOCUMENT_DEFAULTS = { minWords: 120, maxWords: 350 };
const PATH_SEPARATOR = ' > ';

interface Heading {
  level: number;
  text: string;
}

type Paged<T> = T & { page: number | null };

interface Section {
  path: Heading[];
  blocks: Paged<Exclude<Block, { kind: 'heading' }>>[];
  words: number;
}

const NAVIGATION_HEADING = /^(related( articles| topics)?|see also)$/i;

export function chunkMarkdown(markdown: string, options: ChunkOptions = {}): { title: string | null; chunks: MarkdownChunk[] } {
  const blocks = parseBlocks(markdown).map((block) => ({ ...block, page: null }));
  const chunks = chunkSections(toSections(blocks), { ...DEFAULTS, ...options });
  return { title: firstTitle(markdown), chunks: chunks.map(({ headingPath, text }) => ({ headingPath, text })) };
}

/**
 * An uploaded document's pages (PDF headings are Markdown by then, see pdf-headings.ts). Its
 * title is its only `#` heading when that comes first; otherwise `title` (the file's name), so
 * a heading path always starts with the document, as a guide article's does.
 */
export function chunkDocument(pages: Array<{ page: number | null; text: string }>, options: ChunkOptions & { title: string }): DocumentChunk[] {
  const blocks = pages.flatMap(({ page, text }) => parseBlocks(text).map((block) => ({ ...block, page })));
  const headings = blocks.filter((block) => block.kind === 'heading');
  if (headings.length === 0) return chunkPages(pages, options).map((chunk) => ({ headingPath: '', ...chunk }));
  const titled = headings[0].level === 1 && headings.filter((h) => h.level === 1).length === 1;
  const root = titled ? headings[0].text : options.title.trim();
  const body = titled ? blocks.filter((block) => block !== headings[0]) : blocks;
  const sizes = { ...DOCUMENT_DEFAULTS, ...options };
  const tailWords = Math.round(sizes.minWords / 3);
  const chunks = chunkSections(leadIntoFirstSection(toSections(body), tailWords), sizes, tailWords);
  return chunks.map((chunk) => ({ ...chunk, headingPath: [root, chunk.headingPath].filter(Boolean).join(PATH_SEPARATOR) }));
}

/** `tailWords`: a section's last piece shorter than this joins the piece before it (0: never). */
function chunkSections(all: Section[], { minWords, maxWords }: Required<ChunkOptions>, tailWords = 0): DocumentChunk[] {
  // "Related" link lists name other articles' titles: as passages they only pull in wrong matches.
  const sections = all.filter((s) => !NAVIGATION_HEADING.test(s.path.at(-1)?.text ?? ''));
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
  return groups.flatMap((group) => groupChunks(group, maxWords, tailWords));
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

/** A few words before the first heading (a running header, a date) open the first section. */
function leadIntoFirstSection(sections: Section[], tinyWords: number): Section[] {
  const [lead, first, ...rest] = sections;
  if (!first || lead.path.length > 0 || lead.words >= tinyWords) return sections;
  return [{ path: first.path, blocks: [...lead.blocks, ...first.blocks], words: lead.words + first.words }, ...rest];
}

function toSections(blocks: Paged<Block>[]): Section[] {
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

function groupChunks(group: Section[], maxWords: number, tailWords: number): DocumentChunk[] {
  const common = group.slice(1).reduce((prefix, s) => commonPrefix(prefix, s.path), group[0].path);
  const headingPath = common.map((h) => h.text).join(PATH_SEPARATOR);
  const units = group.flatMap((section) => {
    const own = section.path.length > common.length ? section.path.slice(common.length) : [];
    const headings = own.map((h) => `${'#'.repeat(h.level)} ${h.text}`);
    const body = section.blocks.flatMap((b) =>
      (countWords(b.text) > maxWords ? splitBlock(b, maxWords) : [b.text]).map((text) => ({ text, page: b.page })),
    );
    return headings.length > 0 && body.length > 0 ? [{ ...body[0], text: `${headings.join('\n\n')}\n\n${body[0].text}` }, ...body.slice(1)] : body;
  });
  const wordsOf = (unit: { text: string }) => countWords(unit.text);
  const pieces = packGroups(units, wordsOf, maxWords);
  if (pieces.length > 1 && pieces[pieces.length - 1].reduce((sum, unit) => sum + wordsOf(unit), 0) < tailWords) {
    const tail = pieces.pop() ?? [];
    pieces[pieces.length - 1].push(...tail);
  }
  return pieces.map((piece) => ({ headingPath, page: piece[0].page, text: piece.map((unit) => unit.text).join('\n\n') }));
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
