/**
 * Finding a label on the page and the value printed with it: after it in the same cell, in the
 * next cell to its right, or in the cell below it. Labels are matched with optional spaces
 * between letters because some PDF writers break words apart ("Br uttosumme").
 */
import type { Cell, Line } from './layout-lines';

export interface LabelMatch {
  line: Line;
  cell: Cell;
  /** Which phrase of the list matched (0 = first = most specific). */
  rank: number;
  /** What follows the label inside the same cell, trimmed of ':' and '#'. */
  rest: string;
}

export interface LabelledValue {
  text: string;
  line: Line;
  cells: Cell[];
  /** The label's cell, for regions that cover label and value. */
  label: LabelMatch;
  where: 'inline' | 'right' | 'below';
}

/**
 * Letters OCR takes for one another in labels ('Zahibetrag' for 'Zahlbetrag', 'T0tal'): a label
 * matches with any of them, so a scanned page's labels are found as a printed page's are.
 */
const OCR_CONFUSABLE: Record<string, string> = { l: '[l1i|]', i: '[il1|]', o: '[o0]' };

/** Compiles label phrases ('invoice no', 'rechnungs-nr') into one anchored, space-tolerant regex each. */
export function labelPatterns(phrases: string[]): RegExp[] {
  return phrases.map((phrase) => {
    const body = [...phrase]
      .map((ch) => (ch === ' ' ? '\\s*' : `${OCR_CONFUSABLE[ch] ?? escape(ch)}\\s?`))
      .join('')
      .replace(/\\s\?$/, '');
    // A numbered form line ('8. Current Payment Due') keeps its label; the label must end at a
    // word boundary: "date" must not match "dated" or "datedue".
    return new RegExp(`^\\s*(?:\\d{1,2}[.)]\\s+)?${body}${/[\p{L}]$/u.test(phrase) ? '(?![\\p{L}\\d])' : ''}`, 'iu');
  });
}

function escape(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}

/** Every cell that starts with one of the labels; `exclude` vetoes cells such as 'Due Date' for 'Date'. */
export function findLabels(lines: Line[], patterns: RegExp[], exclude?: RegExp): LabelMatch[] {
  const out: LabelMatch[] = [];
  for (const line of lines) {
    for (const cell of line.cells) {
      if (exclude?.test(cell.text)) continue;
      // The longest label that fits: 'Please Pay This Amount', not 'Please Pay' with 'This Amount' left over.
      let found: { rank: number; length: number } | null = null;
      for (let rank = 0; rank < patterns.length; rank++) {
        const match = patterns[rank].exec(cell.text);
        if (match && (!found || match[0].length > found.length)) found = { rank, length: match[0].length };
      }
      if (!found) continue;
      const rest = cell.text
        .slice(found.length)
        .replace(/^[\s:#.]*(?:\(.*?\)\s*)?[:#]?\s*/, '')
        .trim();
      out.push({ line, cell, rank: found.rank, rest });
    }
  }
  return out;
}

/**
 * The values a label may be holding, nearest first: inline text, the next cell to the right,
 * then the cells below that overlap the label horizontally (`below` lines deep).
 */
export function valuesFor(match: LabelMatch, lines: Line[], below = 2): LabelledValue[] {
  const out: LabelledValue[] = [];
  const { line, cell } = match;
  if (match.rest) out.push({ text: match.rest, line, cells: [cell], label: match, where: 'inline' });
  const index = line.cells.indexOf(cell);
  // A separator printed (or OCR'd: '+', '|') as a cell of its own stands between label and value.
  const separator = (at: number) => /^[\s:;+|=#.\-–]+$/.test(line.cells[at]?.text ?? '');
  const right = line.cells[separator(index + 1) ? index + 2 : index + 1];
  if (right && right.x - (cell.x + cell.width) < line.pageWidth * 0.4) {
    out.push({ text: right.text.replace(/^[:#]\s*/, ''), line, cells: [cell, right], label: match, where: 'right' });
  }
  const position = lines.indexOf(line);
  let depth = 0;
  let previous = line;
  for (let i = position + 1; i < lines.length && depth < below; i++) {
    const next = lines[i];
    if (next.page !== line.page) break;
    if (next.y - (previous.y + previous.height) > 3 * line.height) break;
    const under = next.cells.filter((c) => c.x < cell.x + cell.width + 2 && c.x + c.width > cell.x - 2);
    if (!under.length) continue;
    depth++;
    // Something that is itself a label is the next field, not this one's value.
    if (/:\s*$/.test(under[0].text)) break;
    out.push({ text: under[0].text, line: next, cells: [cell, under[0]], label: match, where: 'below' });
    previous = next;
  }
  return out;
}
