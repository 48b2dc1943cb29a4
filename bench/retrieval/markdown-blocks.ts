/**
 * The Markdown of the rag-public corpus read into blocks for the PDF renderer: ATX headings,
 * paragraphs, nested bullet and numbered lists, block quotes, fenced code, pipe tables and rules.
 * Inline syntax (emphasis, code spans, links, images, backslash escapes) becomes styled runs of
 * plain text; link targets are dropped and their text kept.
 */

export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  code: boolean;
}

export type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'quote'; runs: Run[] }
  | { kind: 'item'; depth: number; marker: string; runs: Run[] }
  | { kind: 'code'; lines: string[] }
  | { kind: 'table'; header: Run[][]; rows: Run[][][] }
  | { kind: 'rule' };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const ITEM = /^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$/;
const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Tabs count as four columns, as most editors show them. */
function indentOf(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width += 1;
    else if (char === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** Splits a pipe-table row into its cells, keeping escaped pipes inside cells. */
function tableCells(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const isTableRow = (line: string | undefined) => line !== undefined && /^\s*\|.*\|\s*$/.test(line);

export function parseMarkdown(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  /** Indents of the open list levels, outermost first. */
  let listIndents: number[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    if (FENCE.test(line)) {
      const end = lines.findIndex((l, at) => at > i && FENCE.test(l));
      const stop = end === -1 ? lines.length : end;
      blocks.push({ kind: 'code', lines: lines.slice(i + 1, stop).map((l) => l.replace(/\t/g, '    ').trimEnd()) });
      i = stop + 1;
      listIndents = [];
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1].length, runs: parseInline(heading[2]) });
      listIndents = [];
      i++;
      continue;
    }
    if (isTableRow(line) && (TABLE_SEPARATOR.test(lines[i + 1] ?? '') || isTableRow(lines[i + 1]))) {
      const rows: string[][] = [];
      while (isTableRow(lines[i])) {
        if (!TABLE_SEPARATOR.test(lines[i])) rows.push(tableCells(lines[i]));
        i++;
      }
      const [header, ...body] = rows.map((cells) => cells.map(parseInline));
      blocks.push({ kind: 'table', header, rows: body });
      listIndents = [];
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      const indent = indentOf(item[1]);
      while (listIndents.length && listIndents.at(-1)! > indent) listIndents.pop();
      if (!listIndents.length || listIndents.at(-1)! < indent) listIndents.push(indent);
      const text = [item[3]];
      i++;
      // Lazy continuation lines and indented continuation lines belong to the item.
      while (i < lines.length && lines[i].trim() && !startsBlock(lines[i])) text.push(lines[i++].trim());
      const marker = /^\d/.test(item[2]) ? item[2].replace(')', '.') : '\u2022';
      blocks.push({ kind: 'item', depth: listIndents.length - 1, marker, runs: parseInline(text.join(' ')) });
      continue;
    }
    const text: string[] = [];
    const quote = /^\s*>/.test(line);
    while (i < lines.length && lines[i].trim() && (text.length === 0 || !startsBlock(lines[i]))) {
      text.push(lines[i++].replace(/^\s*>\s?/, '').trim());
    }
    // A paragraph indented under a list item stays in the list; any other ends it.
    if (indentOf(line) === 0) listIndents = [];
    blocks.push({ kind: quote ? 'quote' : 'paragraph', runs: parseInline(text.join(' ')) });
  }
  return blocks;
}

function startsBlock(line: string): boolean {
  return HEADING.test(line) || ITEM.test(line) || FENCE.test(line) || RULE.test(line) || isTableRow(line) || /^\s*>/.test(line);
}

/** Escaped characters are parked in the private use area while emphasis is read. */
const PARK = 0xe000;
const park = (text: string) => text.replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, (_, c: string) => String.fromCharCode(PARK + c.charCodeAt(0)));
const unpark = (text: string) => text.replace(/[\ue000-\ue0ff]/g, (c) => String.fromCharCode(c.charCodeAt(0) - PARK));

const INLINE =
  /(`+)([^`]+?)\1|\*\*\*([^*]+?)\*\*\*|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s](?:[^*]*?[^*\s])?)\*|(?<![\p{L}\p{N}])_([^_\s](?:[^_]*?[^_\s])?)_(?![\p{L}\p{N}])/gu;

function parseInline(markdown: string): Run[] {
  const text = park(markdown)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '');
  const runs: Run[] = [];
  const push = (value: string, style: Omit<Run, 'text'>) => {
    const clean = unpark(value.replace(/\s+/g, ' '));
    if (clean) runs.push({ text: clean, ...style });
  };
  const plain = { bold: false, italic: false, code: false };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    push(text.slice(at, match.index), plain);
    const [, , code, boldItalic, bold, boldUnderscore, italic, italicUnderscore] = match;
    if (code !== undefined) push(code.trim(), { ...plain, code: true });
    else if (boldItalic !== undefined) push(boldItalic, { ...plain, bold: true, italic: true });
    else if (bold !== undefined || boldUnderscore !== undefined) push(stripMarks(bold ?? boldUnderscore), { ...plain, bold: true });
    else push(stripMarks(italic ?? italicUnderscore), { ...plain, italic: true });
    at = match.index + match[0].length;
  }
  push(text.slice(at), plain);
  return runs;
}

/** Emphasis nested inside emphasis is shown in the outer style only. */
function stripMarks(text: string): string {
  return text.replace(/\*\*?([^*]+)\*\*?/g, '$1');
}

/** The plain text of a line of runs (titles, table measurement). */
export function runsText(runs: Run[]): string {
  return runs.map((run) => run.text).join('');
}
