import { runInSlices, runToEnd, type Steps } from './steps';
import { countWords, packGroupSteps, parseBlockSteps, parseBlocks, splitBlockSteps, type Block } from './text-blocks';

/**
 * Cuts documents into passages a person could cite: a Markdown article by its headings (the
 * passage keeps its heading path), an uploaded document by its headings too when it has any
 * (and the page each passage starts on), a plain-text page by paragraphs (the passage keeps its
 * page). Pure and deterministic: the same input always gives the same chunks. An uploaded
 * document is chunked in slices that let the event loop through (chunkDocumentInSlices).
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

/** Passages indexed per uploaded document, about 700,000 words: past them, the rest of the text is kept but not searched. */
export const MAX_DOCUMENT_PASSAGES = 2_000;

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
  const chunks = runToEnd(sectionChunkSteps(runToEnd(sectionSteps(blocks)), { ...DEFAULTS, ...options }));
  return { title: firstTitle(markdown), chunks: chunks.map(({ headingPath, text }) => ({ headingPath, text })) };
}

/**
 * An uploaded document's pages (PDF headings are Markdown by then, see pdf-headings.ts). Its
 * title is its only `#` heading when that comes first; otherwise `title` (the file's name), so
 * a heading path always starts with the document, as a guide article's does.
 */
export function chunkDocument(pages: DocumentPage[], options: ChunkOptions & { title: string }): DocumentChunk[] {
  return runToEnd(documentChunkSteps(pages, options, Infinity));
}

/**
 * chunkDocument in slices of about 20 ms with the event loop let through in between, for at most
 * `maxPassages` passages (the first ones, as chunkDocument would cut them; `dropped`: whether there were more).
 */
export async function chunkDocumentInSlices(
  pages: DocumentPage[],
  options: ChunkOptions & { title: string; maxPassages?: number; onPause?: () => void },
): Promise<{ chunks: DocumentChunk[]; dropped: boolean }> {
  const maxPassages = options.maxPassages ?? MAX_DOCUMENT_PASSAGES;
  const chunks = await runInSlices(documentChunkSteps(pages, options, maxPassages + 1), options.onPause);
  return { chunks: chunks.slice(0, maxPassages), dropped: chunks.length > maxPassages };
}

type DocumentPage = { page: number | null; text: string };

/** `limit`: stop once this many passages are cut (the chunks before it are as without a limit). */
function* documentChunkSteps(pages: DocumentPage[], options: ChunkOptions & { title: string }, limit: number): Steps<DocumentChunk[]> {
  const blocks: Paged<Block>[] = [];
  for (const { page, text } of pages) for (const block of yield* parseBlockSteps(text)) blocks.push({ ...block, page });
  const headings = blocks.filter((block) => block.kind === 'heading');
  if (headings.length === 0) return (yield* pageChunkSteps(pages, options, limit)).map((chunk) => ({ headingPath: '', ...chunk }));
  const titled = headings[0].level === 1 && headings.filter((h) => h.level === 1).length === 1;
  const root = titled ? headings[0].text : options.title.trim();
  const body = titled ? blocks.filter((block) => block !== headings[0]) : blocks;
  const sizes = { ...DOCUMENT_DEFAULTS, ...options };
  const tailWords = Math.round(sizes.minWords / 3);
  const sections = leadIntoFirstSection(yield* sectionSteps(body), tailWords);
  const chunks = yield* sectionChunkSteps(sections, sizes, tailWords, limit);
  return chunks.map((chunk) => ({ ...chunk, headingPath: [root, chunk.headingPath].filter(Boolean).join(PATH_SEPARATOR) }));
}

/** `tailWords`: a section's last piece shorter than this joins the piece before it (0: never). */
function* sectionChunkSteps(all: Section[], { minWords, maxWords }: Required<ChunkOptions>, tailWords = 0, limit = Infinity): Steps<DocumentChunk[]> {
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
  const chunks: DocumentChunk[] = [];
  for (const group of groups) {
    if (chunks.length >= limit) break;
    for (const chunk of yield* groupChunkSteps(group, maxWords, tailWords)) chunks.push(chunk);
  }
  return chunks;
}

export function chunkPages(pages: DocumentPage[], options: ChunkOptions = {}): PageChunk[] {
  return runToEnd(pageChunkSteps(pages, options, Infinity));
}

function* pageChunkSteps(pages: DocumentPage[], options: ChunkOptions, limit: number): Steps<PageChunk[]> {
  const { maxWords } = { ...DEFAULTS, ...options };
  const chunks: PageChunk[] = [];
  for (const { page, text } of pages) {
    if (chunks.length >= limit) break;
    const units: string[] = [];
    for (const paragraph of yield* paragraphSteps(text)) {
      yield;
      const words = countWords(paragraph);
      if (words > maxWords) units.push(...(yield* splitBlockSteps({ kind: 'paragraph', text: paragraph }, maxWords)));
      else if (words > 0) units.push(paragraph);
    }
    for (const group of yield* packGroupSteps(units, countWords, maxWords)) chunks.push({ page, text: group.join('\n\n') });
  }
  return chunks;
}

/** A page's paragraphs (apart by blank lines), spaces and tabs collapsed. */
function* paragraphSteps(text: string): Steps<string[]> {
  const normal = text.replace(/\r\n?/g, '\n');
  const paragraphs: string[] = [];
  const blank = /\n\s*\n/g;
  for (let start = 0; ;) {
    yield;
    const match = blank.exec(normal);
    paragraphs.push(
      normal
        .slice(start, match ? match.index : normal.length)
        .replace(/[ \t]+/g, ' ')
        .trim(),
    );
    if (!match) return paragraphs;
    start = match.index + match[0].length;
  }
}

/** A few words before the first heading (a running header, a date) open the first section. */
function leadIntoFirstSection(sections: Section[], tinyWords: number): Section[] {
  const [lead, first, ...rest] = sections;
  if (!first || lead.path.length > 0 || lead.words >= tinyWords) return sections;
  return [{ path: first.path, blocks: [...lead.blocks, ...first.blocks], words: lead.words + first.words }, ...rest];
}

function* sectionSteps(blocks: Paged<Block>[]): Steps<Section[]> {
  const sections: Section[] = [];
  let current: Section = { path: [], blocks: [], words: 0 };
  for (const block of blocks) {
    yield;
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

function* groupChunkSteps(group: Section[], maxWords: number, tailWords: number): Steps<DocumentChunk[]> {
  const common = group.slice(1).reduce((prefix, s) => commonPrefix(prefix, s.path), group[0].path);
  const headingPath = common.map((h) => h.text).join(PATH_SEPARATOR);
  const units: Array<{ text: string; page: number | null }> = [];
  for (const section of group) {
    const own = section.path.length > common.length ? section.path.slice(common.length) : [];
    const headings = own.map((h) => `${'#'.repeat(h.level)} ${h.text}`);
    const first = units.length;
    for (const b of section.blocks) {
      yield;
      const pieces = countWords(b.text) > maxWords ? yield* splitBlockSteps(b, maxWords) : [b.text];
      for (const text of pieces) units.push({ text, page: b.page });
    }
    // The section's own headings open its first piece.
    if (headings.length > 0 && units.length > first) units[first] = { ...units[first], text: `${headings.join('\n\n')}\n\n${units[first].text}` };
  }
  const wordsOf = (unit: { text: string }) => countWords(unit.text);
  const pieces = yield* packGroupSteps(units, wordsOf, maxWords);
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
