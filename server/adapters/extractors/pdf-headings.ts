/**
 * Headings of a PDF, found from font size and weight, written into the page text as Markdown
 * (`# Title`, `## Section`) so passages can follow the document's structure. Every other line is
 * written as it was read, but for a `#` at its start, escaped so it does not read as a heading.
 */
export interface PdfLine {
  text: string;
  /** The font size most of the line's characters have. */
  size: number;
  /** Characters per font (pdf.js font id); which fonts are bold is asked only where it matters. */
  fonts: Map<string, number>;
  /** Mostly in a fixed-pitch font (code, a typed listing): never a heading. */
  monospace: boolean;
  /** Text runs far apart on one baseline (a table row, two columns): never a heading. */
  spread: boolean;
  /** A vertical jump of about two lines before it: a new paragraph. */
  breakBefore: boolean;
  /** Where its text starts and ends, in points from the page's left edge. */
  left: number;
  right: number;
}

/** A text page as positioned lines; an OCRed page as its text, left as it is. */
export type PdfPageContent = PdfLine[] | string;

interface Line extends PdfLine {
  /** Nearly all of its characters are in a bold (black, heavy, semibold) font. */
  bold: boolean;
}

interface Heading {
  page: number;
  first: number;
  last: number;
  text: string;
  size: number;
  bold: boolean;
}

/** Text this much larger than the body text reads as a heading. */
const LARGER = 1.15;
/** Bold text this much larger is a heading that may be long and wrap like a large one. */
const BOLD_LARGER = 1.05;
/** A line reaching this far across the text column is wrapped running text. */
const FULL_LINE = 0.8;
/** A bold heading in the body size is one short line. */
const MAX_BOLD_WORDS = 11;
/** A large heading may be longer and wrap: up to this many lines in one font make one heading. */
const MAX_LARGE_WORDS = 20;
const MAX_WRAPPED_LINES = 3;
const MAX_LEVEL = 6;
/** Lines at the top or bottom of this many pages are running headers or footers. */
const RUNNING_PAGES = 3;
const BULLET = /^[•◦▪▫‣●○■□–—*-]/u;
const MARKDOWN_HEADING = /^#{1,6}(\s|$)/;
const NUMBERED = /^\s*\d{1,3}[.)]\s/;

/**
 * The fonts whose weight decides whether a line is a heading: those of short lines in about the
 * body size, except the body text's own font. Larger lines are headings by size alone.
 */
export function fontsToWeigh(pages: PdfPageContent[]): Set<string> {
  const lines = textLines(pages);
  const body = bodySize(lines);
  const bodyFont = mostCharacters(proseOf(lines).flatMap((line) => [...line.fonts]));
  const names = new Set<string>();
  for (const line of lines) {
    if (line.spread || line.monospace || line.size < 0.95 * body || line.size >= LARGER * body) continue;
    if (!isHeadingText(line.text.trim(), MAX_LARGE_WORDS)) continue;
    for (const name of line.fonts.keys()) if (name !== bodyFont) names.add(name);
  }
  return names;
}

/** Each page's text with its headings written as Markdown; `boldFonts` are the fonts known to be bold. */
export function writePdfPages(pages: PdfPageContent[], boldFonts: ReadonlySet<string>): string[] {
  const styled = pages.map((content) => (typeof content === 'string' ? content : content.map((line) => withWeight(line, boldFonts))));
  const headings = findHeadings(styled);
  const levels = headingLevels(headings);
  return styled.map((content, page) => {
    if (typeof content === 'string') return content;
    const own = new Map(headings.filter((h) => h.page === page).map((h) => [h.first, h]));
    const out: string[] = [];
    let afterHeading = false;
    for (let i = 0; i < content.length; i++) {
      const heading = own.get(i);
      if (heading) {
        if (out.length > 0 && out.at(-1) !== '') out.push('');
        out.push(`${'#'.repeat(levels.get(heading) ?? MAX_LEVEL)} ${heading.text}`);
        afterHeading = true;
        i = heading.last;
        continue;
      }
      const line = content[i];
      if ((line.breakBefore || afterHeading) && out.length > 0) out.push('');
      afterHeading = false;
      // A line that would read as a Markdown heading is not one: "# of units".
      out.push(MARKDOWN_HEADING.test(line.text) ? `\\${line.text}` : line.text);
    }
    return out.join('\n').trim();
  });
}

function withWeight(line: PdfLine, boldFonts: ReadonlySet<string>): Line {
  let chars = 0;
  let bold = 0;
  for (const [name, n] of line.fonts) {
    chars += n;
    if (boldFonts.has(name)) bold += n;
  }
  return { ...line, bold: chars > 0 && bold >= 0.9 * chars };
}

function findHeadings(pages: Array<Line[] | string>): Heading[] {
  const lines = textLines(pages);
  const body = bodySize(lines);
  if (body === 0) return [];
  const running = runningLines(pages);
  const full = fullLines(lines);
  const headings: Heading[] = [];
  pages.forEach((content, page) => {
    if (typeof content === 'string') return;
    for (let i = 0; i < content.length; i++) {
      const line = content[i];
      // Running headers are small: "Chapter 2" at the top of a page in large type is a heading.
      if (!hasHeadingStyle(line, body) || (line.size < LARGER * body && running.has(runningKey(line)))) continue;
      let last = i;
      if (isProminent(line, body)) {
        // A large heading may wrap: its lines come in one style, without a paragraph gap.
        while (last + 1 < content.length && last - i + 1 < MAX_WRAPPED_LINES && continues(line, content[last + 1])) last++;
      } else if (full.has(line) || (continues(content[i - 1], line) && full.has(content[i - 1]))) {
        // A bold line as wide as the text, or after one, is part of an emphasised paragraph.
        continue;
      }
      const text = content
        .slice(i, last + 1)
        .map((l) => l.text.trim())
        .join(' ')
        .replace(/\s+/g, ' ');
      const maxWords = isProminent(line, body) ? MAX_LARGE_WORDS : MAX_BOLD_WORDS;
      if (isHeadingText(text, maxWords)) headings.push({ page, first: i, last, text, size: line.size, bold: line.bold });
      i = last;
    }
  });
  return headings;
}

function hasHeadingStyle(line: Line, body: number): boolean {
  if (line.spread || line.monospace) return false;
  return line.size >= LARGER * body || (line.bold && line.size >= 0.95 * body);
}

function isProminent(line: Line, body: number): boolean {
  return line.size >= LARGER * body || (line.bold && line.size >= BOLD_LARGER * body);
}

/** Short, starting with a capital, a number or "a)", and neither a sentence nor the start of one. */
function isHeadingText(text: string, maxWords: number): boolean {
  if (!/\p{L}.*\p{L}/u.test(text) || BULLET.test(text) || countWords(text) > maxWords) return false;
  if (/^\p{Ll}/u.test(text) && !/^\p{Ll}[.)]\s/u.test(text)) return false;
  // "Proper accounting. For example" is the start of a paragraph; "Billing vs. Revenue" is not.
  return !/[.,;]$/.test(text) && !/\p{Ll}{3}[.!?]\s+\p{Lu}/u.test(text);
}

function continues(line: Line | undefined, next: Line | undefined): boolean {
  if (!line || !next || next.breakBefore || next.spread || next.monospace || NUMBERED.test(next.text) || BULLET.test(next.text.trim())) return false;
  return next.bold === line.bold && Math.abs(next.size - line.size) < 0.5;
}

/** Lines that run (nearly) across the text column, measured over the whole document: a page of short list items has none. */
function fullLines(lines: Line[]): Set<Line> {
  const text = lines.filter((line) => line.text.trim() && !line.spread);
  const left = Math.min(...text.map((line) => line.left));
  const right = Math.max(...text.map((line) => line.right));
  return new Set(text.filter((line) => line.right - left >= FULL_LINE * (right - left)));
}

function textLines<T extends PdfLine>(pages: Array<T[] | string>): T[] {
  return pages.flatMap((content) => (typeof content === 'string' ? [] : content));
}

/** Running text: tables and code left out, so small-print tables do not set the body size. */
function proseOf(lines: PdfLine[]): PdfLine[] {
  const prose = lines.filter((line) => !line.spread && !line.monospace);
  return prose.length > 0 ? prose : lines;
}

/** The size most characters of running text are set in (0 without text). */
function bodySize(lines: PdfLine[]): number {
  return Number(mostCharacters(proseOf(lines).map((line) => [String(Math.round(line.size * 2) / 2), line.text.replace(/\s+/g, '').length])) ?? 0);
}

function mostCharacters(counts: Array<[string, number]>): string | undefined {
  const totals = new Map<string, number>();
  for (const [key, n] of counts) totals.set(key, (totals.get(key) ?? 0) + n);
  let best: string | undefined;
  let most = 0;
  for (const [key, n] of totals) {
    if (n > most) [best, most] = [key, n];
  }
  return best;
}

/**
 * Text repeated in one size at the top or bottom of several pages (page numbers aside). The size
 * is part of it: a title often comes back smaller as the running header of the other pages.
 */
function runningLines(pages: Array<Line[] | string>): Set<string> {
  const seen = new Map<string, number>();
  for (const content of pages) {
    if (typeof content === 'string') continue;
    const edges = new Set([...content.slice(0, 2), ...content.slice(-2)].map(runningKey));
    for (const key of edges) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, pagesWithIt]) => pagesWithIt >= RUNNING_PAGES).map(([key]) => key));
}

function runningKey(line: PdfLine): string {
  return `${Math.round(line.size)}|${line.text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase()}`;
}

/**
 * Levels by style, largest first (bold before regular at one size). The first heading of page 1
 * is the document's title (`#`) when it is larger than every other heading; the others start at
 * `##` either way, so a document's sections always sit under its title.
 */
function headingLevels(headings: Heading[]): Map<Heading, number> {
  const levels = new Map<Heading, number>();
  const [first, ...rest] = headings;
  const title = first?.page === 0 && rest.every((h) => h.size < first.size - 0.25) ? first : undefined;
  const sections = title ? rest : headings;
  const styles = [...new Set(sections.map(styleKey))].sort((a, b) => {
    const [sizeA, boldA] = a.split('|');
    const [sizeB, boldB] = b.split('|');
    return Number(sizeB) - Number(sizeA) || Number(boldB) - Number(boldA);
  });
  if (title) levels.set(title, 1);
  for (const heading of sections) levels.set(heading, Math.min(MAX_LEVEL, styles.indexOf(styleKey(heading)) + 2));
  return levels;
}

function styleKey(heading: Heading): string {
  return `${Math.round(heading.size * 2) / 2}|${heading.bold ? 1 : 0}`;
}

function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}
