/**
 * Line items of a table with no header KAI can read and no quantity x price on its rows: lines
 * that end in an amount, the amounts aligned in one column (right or left), with words before them. Such a
 * run is taken only when its amounts add up to an amount printed below it (the subtotal or the
 * total), which is what tells an item table from an address block or a list of dates.
 */
import { regionOf, type Cell, type Line } from './layout-lines';
import { looksLikeMoney, parseAmount, roundCents, sameAmount, type DecimalMark } from './numbers';
import type { ExtractedLineItem } from './types';

/** Amounts right-aligned in one column end within this many points of each other. */
const ALIGN = 3;
/** Lines between two rows (wrapped descriptions, notes) before a run is broken. */
const MAX_GAP_LINES = 2;
/** How many lines below a run its subtotal or total may be printed. */
const SUM_WITHIN = 8;
/** '6 m3', '2.433900', '$14.60', '20 %': a number column's cell, not words. */
const NUMBER_WITH_UNIT = /^[-+(]?[$€£]?\s?\d[\d.,' ]*\)?-?\s?[\p{L}²³%€$£.]{0,6}$/u;

interface AlignedRow {
  line: Line;
  amountCell: Cell;
  amount: number;
}

export function findAlignedRows(
  lines: Line[],
  mark: DecimalMark,
  endsTable: (line: Line) => boolean,
  notAnItem: RegExp,
): { items: ExtractedLineItem[]; lines: Line[] } {
  for (const run of runs(lines, mark, endsTable, notAnItem)) {
    const sum = roundCents(run.reduce((total, row) => total + row.amount, 0));
    const last = lines.indexOf(run.at(-1)!.line);
    const printed = lines
      .slice(last + 1, last + 1 + SUM_WITHIN)
      .some((line) => line.cells.some((cell) => sameAmount(parseAmount(cell.text, mark) ?? NaN, sum)));
    if (printed && sum !== 0) return { items: run.map((row) => toItem(row, mark)), lines: run.map((row) => row.line) };
  }
  return { items: [], lines: [] };
}

/** Runs of rows whose amounts share a right edge, each broken by a totals line or a gap. */
function runs(lines: Line[], mark: DecimalMark, endsTable: (line: Line) => boolean, notAnItem: RegExp): AlignedRow[][] {
  const found: AlignedRow[][] = [];
  let run: AlignedRow[] = [];
  let gap = 0;
  const close = () => {
    if (run.length) found.push(run);
    run = [];
    gap = 0;
  };
  for (const line of lines) {
    if (endsTable(line)) {
      close();
      continue;
    }
    const row = alignedRow(line, mark, notAnItem);
    if (row && (run.length === 0 || (sameColumn(row.amountCell, run[0].amountCell) && row.line.page === run[0].line.page))) {
      run.push(row);
      gap = 0;
    } else if (row) {
      close();
      run.push(row);
    } else if (run.length && ++gap > MAX_GAP_LINES) close();
  }
  close();
  return found;
}

function alignedRow(line: Line, mark: DecimalMark, notAnItem: RegExp): AlignedRow | null {
  const amountCell = line.cells.at(-1)!;
  if (line.cells.length < 2 || !looksLikeMoney(amountCell.text) || /%/.test(amountCell.text)) return null;
  const amount = parseAmount(amountCell.text, mark);
  const first = line.cells[0];
  // 'Date:  12.00' and 'Subtotal  12.00' are labelled fields, not rows.
  if (amount === null || /:\s*$/.test(first.text) || !/\p{L}{3}/u.test(first.text) || notAnItem.test(first.text)) return null;
  return { line, amountCell, amount };
}

function toItem(row: AlignedRow, mark: DecimalMark): ExtractedLineItem {
  const before = row.line.cells.slice(0, -1);
  const words = before.filter((cell) => !NUMBER_WITH_UNIT.test(cell.text));
  const numbers = before
    .filter((cell) => NUMBER_WITH_UNIT.test(cell.text))
    .map((cell) => parseAmount(cell.text, mark, { allowUnit: true }))
    .filter((value): value is number => value !== null);
  const [quantity, unitPrice] = numbers.slice(-2);
  const multiplies = numbers.length >= 2 && sameAmount(roundCents(quantity * unitPrice), row.amount);
  return {
    id: null,
    description: words.map((cell) => cell.text).join(' '),
    quantity: multiplies ? quantity : null,
    unitPrice: multiplies ? unitPrice : null,
    amount: row.amount,
    region: regionOf(row.line),
  };
}

/** Right-aligned as most amount columns are, or left-aligned as some generated templates print them. */
function sameColumn(a: Cell, b: Cell): boolean {
  return Math.abs(a.x + a.width - (b.x + b.width)) <= ALIGN || Math.abs(a.x - b.x) <= ALIGN;
}
