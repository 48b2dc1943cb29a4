/**
 * Markdown rendered to a PDF that looks like one a user would upload (a word processor's export):
 * US Letter, one-inch margins, the H1 as a large bold title, smaller bold headings, 10.5 pt body
 * text wrapped to the page with bold and italic kept, indented bullet and numbered lists, pipe
 * tables as aligned columns, code in Courier, page numbers in the footer. Standard fonts only and
 * no timestamps, so the same Markdown always gives the same bytes.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { parseMarkdown, runsText, type Block, type Run } from './markdown-blocks';

const PAGE = { width: 612, height: 792, margin: 72, footer: 40 };
const BODY = 10.5;
const LEADING = 1.35;
/** Space after a paragraph: a blank line's worth, as word processors' default styles give. */
const PARAGRAPH_GAP = 10;
const HEADINGS: Record<number, { size: number; before: number }> = {
  1: { size: 20, before: 0 },
  2: { size: 15, before: 16 },
  3: { size: 12.5, before: 12 },
};
const MINOR_HEADING = { size: 11, before: 10 };
const INDENT = 18;
const TABLE_TEXT = 9.5;
const CELL_PAD = 4;
const CODE_MAX = 9.5;
const CODE_MIN = 5.5;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  boldItalic: PDFFont;
  mono: PDFFont;
}

/** A piece of a line in one font. */
interface Segment {
  text: string;
  font: PDFFont;
}

export async function renderMarkdownPdf(markdown: string): Promise<Uint8Array> {
  const blocks = parseMarkdown(markdown);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const title = blocks.find((b): b is Extract<Block, { kind: 'heading' }> => b.kind === 'heading' && b.level === 1);
  if (title) pdf.setTitle(winAnsi(runsText(title.runs)).trim());
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
    boldItalic: await pdf.embedFont(StandardFonts.HelveticaBoldOblique),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const writer = new PageWriter(pdf, fonts);
  let previous: Block | undefined;
  for (const block of blocks) {
    writer.block(block, previous);
    previous = block;
  }
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = `Page ${index + 1} of ${pages.length}`;
    const width = measure(fonts.regular, label, 9);
    page.drawText(label, { x: (PAGE.width - width) / 2, y: PAGE.footer - 4, size: 9, font: fonts.regular, color: rgb(0.35, 0.35, 0.35) });
  });
  return pdf.save();
}

/** Lays blocks out top to bottom, starting a new page whenever the next line would not fit. */
class PageWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  private readonly left = PAGE.margin;
  private readonly width = PAGE.width - 2 * PAGE.margin;
  private readonly bottom = PAGE.margin;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
  }

  block(block: Block, previous: Block | undefined): void {
    const gap = previous === undefined ? 0 : previous.kind === 'item' && block.kind === 'item' ? 3 : PARAGRAPH_GAP;
    switch (block.kind) {
      case 'heading':
        return this.heading(block.level, block.runs, previous === undefined);
      case 'paragraph':
        return this.paragraph(block.runs, 0, gap);
      case 'quote':
        return this.paragraph(block.runs, INDENT, gap, true);
      case 'item':
        return this.item(block, gap);
      case 'code':
        return this.code(block.lines, gap);
      case 'table':
        return this.table(block.header, block.rows, gap);
      case 'rule':
        this.space(gap + 4);
        this.page.drawLine({
          start: { x: this.left, y: this.y },
          end: { x: this.left + this.width, y: this.y },
          thickness: 0.5,
          color: rgb(0.6, 0.6, 0.6),
        });
        this.y -= 4;
    }
  }

  private heading(level: number, runs: Run[], first: boolean): void {
    const { size, before } = HEADINGS[level] ?? MINOR_HEADING;
    const lines = wrap(
      runs.map((run) => ({ ...run, bold: true })),
      this.fonts,
      size,
      this.width,
    );
    // A heading never ends a page: it moves down with the first lines under it.
    this.space(first ? 0 : before + 4, lines.length * size * 1.25 + 3 * BODY * LEADING);
    for (const line of lines) this.drawLine(line, this.left, size, size * 1.25);
    this.y -= level === 1 ? 8 : 3;
  }

  private paragraph(runs: Run[], indent: number, gap: number, quote = false): void {
    const styled = quote ? runs.map((run) => ({ ...run, italic: !run.code })) : runs;
    const lines = wrap(styled, this.fonts, BODY, this.width - indent);
    this.space(gap);
    for (const line of lines) {
      const top = this.y;
      this.drawLine(line, this.left + indent, BODY, BODY * LEADING);
      if (quote)
        this.page.drawLine({
          start: { x: this.left + 6, y: top },
          end: { x: this.left + 6, y: this.y + 2 },
          thickness: 2,
          color: rgb(0.8, 0.8, 0.8),
        });
    }
  }

  private item(block: Extract<Block, { kind: 'item' }>, gap: number): void {
    const x = this.left + INDENT * (block.depth + 1) - 12;
    const markerWidth = Math.max(12, measure(this.fonts.regular, block.marker, BODY) + 5);
    const lines = wrap(block.runs, this.fonts, BODY, this.left + this.width - x - markerWidth);
    this.space(gap);
    lines.forEach((line, index) => {
      if (index === 0) {
        this.fit(BODY * LEADING);
        this.page.drawText(block.marker, { x, y: this.y - BODY, size: BODY, font: this.fonts.regular });
      }
      this.drawLine(line, x + markerWidth, BODY, BODY * LEADING);
    });
  }

  private code(source: string[], gap: number): void {
    const lines = source.map(winAnsi);
    const longest = Math.max(1, ...lines.map((line) => line.length));
    // Wide listings (a WIP schedule) shrink to fit the page, as a printout would, down to 5.5 pt.
    const size = Math.max(CODE_MIN, Math.min(CODE_MAX, Math.floor((this.width / (longest * 0.6)) * 4) / 4));
    const perLine = Math.floor(this.width / (size * 0.6));
    this.space(gap);
    for (const line of lines) {
      const pieces = line.length === 0 ? [''] : (line.match(new RegExp(`.{1,${perLine}}`, 'g')) ?? ['']);
      for (const piece of pieces) this.drawLine([{ text: piece, font: this.fonts.mono }], this.left, size, size * 1.3);
    }
  }

  private table(header: Run[][], rows: Run[][][], gap: number): void {
    const columns = Math.max(header.length, ...rows.map((row) => row.length));
    const all = [header.map((cell) => cell.map((run) => ({ ...run, bold: true }))), ...rows];
    const natural = Array.from({ length: columns }, (_, c) =>
      Math.max(24, ...all.map((row) => naturalWidth(row[c] ?? [], this.fonts, TABLE_TEXT) + 2 * CELL_PAD)),
    );
    const widths = shareWidths(natural, this.width);
    const leading = TABLE_TEXT * 1.3;
    const laidOut = all.map((row) => {
      const cells = widths.map((w, c) => wrap(row[c] ?? [], this.fonts, TABLE_TEXT, w - 2 * CELL_PAD));
      return { cells, height: Math.max(1, ...cells.map((lines) => lines.length)) * leading + CELL_PAD };
    });
    // The header row never ends a page alone.
    this.space(gap, laidOut[0].height + (laidOut[1]?.height ?? 0));
    laidOut.forEach(({ cells, height }, r) => {
      this.fit(height);
      const top = this.y;
      let x = this.left;
      cells.forEach((lines, c) => {
        this.y = top - CELL_PAD / 2;
        for (const line of lines) this.drawLine(line, x + CELL_PAD, TABLE_TEXT, leading);
        x += widths[c];
      });
      this.y = top - height;
      const thickness = r === 0 ? 0.8 : 0.3;
      this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.left + this.width, y: this.y }, thickness, color: rgb(0.5, 0.5, 0.5) });
    });
  }

  /** Draws one line of segments with its baseline one font size below the cursor. */
  private drawLine(line: Segment[], x: number, size: number, leading: number): void {
    this.fit(leading);
    let at = x;
    for (const segment of line) {
      if (segment.text) this.page.drawText(segment.text, { x: at, y: this.y - size, size, font: segment.font });
      at += measure(segment.font, segment.text, size);
    }
    this.y -= leading;
  }

  /** Vertical space before a block; `keep` more must fit below it too, or a new page starts. */
  private space(gap: number, keep = 0): void {
    if (this.y - gap - keep < this.bottom) this.newPage();
    else this.y -= gap;
  }

  private fit(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
}

const charWidths = new Map<PDFFont, Map<string, number>>();

/**
 * Width as drawn: pdf-lib's own measure subtracts kerning that drawText does not apply, which
 * would run the next piece of a line into the previous one.
 */
function measure(font: PDFFont, text: string, size: number): number {
  let widths = charWidths.get(font);
  if (!widths) charWidths.set(font, (widths = new Map()));
  let total = 0;
  for (const char of text) {
    let width = widths.get(char);
    if (width === undefined) widths.set(char, (width = font.widthOfTextAtSize(char, 1000)));
    total += width;
  }
  return (total * size) / 1000;
}

function fontOf(run: Pick<Run, 'bold' | 'italic' | 'code'>, fonts: Fonts): PDFFont {
  if (run.code) return fonts.mono;
  if (run.bold) return run.italic ? fonts.boldItalic : fonts.bold;
  return run.italic ? fonts.italic : fonts.regular;
}

function naturalWidth(runs: Run[], fonts: Fonts, size: number): number {
  return runs.reduce((sum, run) => sum + fontOf(run, fonts).widthOfTextAtSize(winAnsi(run.text), size), 0);
}

/** Column widths: narrow columns keep their width, wide ones share what is left equally. */
function shareWidths(natural: number[], total: number): number[] {
  const widths = [...natural];
  if (natural.reduce((a, b) => a + b, 0) <= total) return widths;
  const open = new Set(natural.map((_, i) => i));
  let left = total;
  for (;;) {
    const share = left / open.size;
    const narrow = [...open].filter((i) => natural[i] <= share);
    if (narrow.length === 0) break;
    for (const i of narrow) {
      open.delete(i);
      left -= natural[i];
    }
  }
  for (const i of open) widths[i] = left / open.size;
  return widths;
}

/** Words in their fonts, wrapped greedily to `width`; a word wider than a line is cut. */
function wrap(runs: Run[], fonts: Fonts, size: number, width: number): Segment[][] {
  const lines: Segment[][] = [];
  let line: Segment[] = [];
  let used = 0;
  const words = runs.flatMap((run) => {
    const font = fontOf(run, fonts);
    return winAnsi(run.text)
      .split(/(?<= )/)
      .filter(Boolean)
      .map((text) => ({ text, font }));
  });
  const append = (piece: string, font: PDFFont) => {
    const last = line.at(-1);
    if (last && last.font === font) last.text += piece;
    else line.push({ text: piece, font });
    used += measure(font, piece, size);
  };
  const breakLine = () => {
    lines.push(line);
    line = [];
    used = 0;
  };
  for (const word of words) {
    const bare = word.text.trimEnd();
    if (!bare && used === 0) continue;
    if (used > 0 && used + measure(word.font, bare, size) > width) breakLine();
    cutToWidth(word.text, word.font, size, width).forEach((piece, k) => {
      if (k > 0) breakLine();
      append(piece, word.font);
    });
  }
  if (line.length) lines.push(line);
  return lines.map((segments) => segments.map((s, i) => (i === segments.length - 1 ? { ...s, text: s.text.trimEnd() } : s)));
}

function cutToWidth(text: string, font: PDFFont, size: number, width: number): string[] {
  if (measure(font, text.trimEnd(), size) <= width) return [text];
  const pieces: string[] = [];
  let piece = '';
  for (const char of text) {
    if (piece && measure(font, piece + char, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  return [...pieces, piece];
}

/** Characters the standard fonts cannot encode (WinAnsi), as a typist would write them. */
const SUBSTITUTES: Record<string, string> = {
  '\u2500': '-',
  '\u2502': '|',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2191': '^',
  '\u2193': 'v',
  '\u2265': '>=',
  '\u2264': '<=',
  '\u2212': '-',
  '\u20b9': 'Rs.',
  '\u2713': 'x',
  '\t': '    ',
};
const WIN_ANSI_EXTRAS = new Set(
  '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178',
);

function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)) out += char;
    else out += SUBSTITUTES[char] ?? (code < 0x20 ? ' ' : '?');
  }
  return out;
}
