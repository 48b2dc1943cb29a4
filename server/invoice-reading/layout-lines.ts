/**
 * Rebuilds reading lines from positioned text: items on one baseline make a line, and runs of
 * items close together make a cell (a gap wider than about two spaces starts a new cell, which is
 * how a label and its value, or the columns of a table, come apart).
 */
import type { PageRegion } from '@contract/invoices';
import type { InvoiceLayout, LayoutItem, LayoutPage } from '../adapters/extractors/index';

export interface Cell {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The text runs the cell was joined from, when more than one: a table can split it again at its columns. */
  parts?: Cell[];
}

export interface Line {
  page: number;
  /** Index in the document's reading order (all pages). */
  index: number;
  text: string;
  cells: Cell[];
  x: number;
  y: number;
  width: number;
  height: number;
  pageWidth: number;
  pageHeight: number;
}

/** A gap wider than this share of the font size separates cells. */
const CELL_GAP = 0.9;
/** Inside one pdf.js run, this many spaces separate cells too. */
const RUN_SPLIT = /\s{3,}/;

export function layoutLines(layout: InvoiceLayout): Line[] {
  const lines: Line[] = [];
  for (const page of layout.pages) {
    for (const line of pageLines(page)) lines.push({ ...line, index: lines.length });
  }
  return lines;
}

export function pageLines(page: LayoutPage): Line[] {
  const items = withoutOverprints(page.items.flatMap(splitRun).filter((item) => item.text.trim()));
  const groups: LayoutItem[][] = [];
  let current: LayoutItem[] = [];
  let top = 0;
  let bottom = 0;
  let smallest = 0;
  for (const item of items) {
    // Same line when the item overlaps the line's band by half the smaller height: a small label
    // printed top-aligned with a larger value still reads as one line.
    const overlap = Math.min(bottom, item.y + item.height) - Math.max(top, item.y);
    if (current.length && overlap >= 0.5 * Math.min(smallest, item.height) && !stackedUnder(current, item)) {
      current.push(item);
      top = Math.min(top, item.y);
      bottom = Math.max(bottom, item.y + item.height);
      smallest = Math.min(smallest, item.height);
    } else {
      if (current.length) groups.push(current);
      current = [item];
      top = item.y;
      bottom = item.y + item.height;
      smallest = item.height;
    }
  }
  if (current.length) groups.push(current);
  return groups.map((group) => toLine(group, page));
}

/**
 * Sorted top to bottom, left to right, with text drawn twice at (almost) the same place kept
 * once: some generators fake bold by printing a run again a fraction of a point to the side,
 * which would read 'Total: 12.00Total: 12.00'.
 */
function withoutOverprints(items: LayoutItem[]): LayoutItem[] {
  items.sort((a, b) => middle(a) - middle(b) || a.x - b.x);
  const kept: LayoutItem[] = [];
  for (const item of items) {
    const near = (other: LayoutItem) => Math.abs(middle(other) - middle(item)) < 0.3 * item.height && Math.abs(other.x - item.x) < 0.3 * item.height;
    if (kept.slice(-8).some((other) => other.text === item.text && near(other))) continue;
    kept.push(item);
  }
  return kept;
}

/**
 * An item under another one of the line (sharing its x range, lower down) starts a new line even
 * when a tall neighbour spans both: 'Invoice' in 30 pt beside a name in 15 pt and the address
 * line under that name.
 */
function stackedUnder(current: LayoutItem[], item: LayoutItem): boolean {
  return current.some(
    (other) =>
      other.x < item.x + item.width && item.x < other.x + other.width && middle(item) - middle(other) > 0.5 * Math.min(other.height, item.height),
  );
}

function toLine(items: LayoutItem[], page: LayoutPage): Line {
  items.sort((a, b) => a.x - b.x);
  const cells: Cell[] = [];
  let cell: Cell | undefined;
  let previousSize = 0;
  for (const item of items) {
    // Measured against the smaller font: a large title right after a name is another cell.
    const size = Math.min(item.height || 10, previousSize || Infinity);
    previousSize = item.height || 10;
    const gap = cell ? item.x - (cell.x + cell.width) : Infinity;
    if (cell && gap < CELL_GAP * size) {
      const joiner = gap > 0.15 * size && !/\s$/.test(cell.text) && !/^\s/.test(item.text) ? ' ' : '';
      cell.text += joiner + item.text;
      const right = Math.max(cell.x + cell.width, item.x + item.width);
      const top = Math.min(cell.y, item.y);
      const bottom = Math.max(cell.y + cell.height, item.y + item.height);
      Object.assign(cell, { y: top, width: right - cell.x, height: bottom - top });
      cell.parts!.push(asCell(item));
    } else {
      cell = { ...asCell(item), parts: [asCell(item)] };
      cells.push(cell);
    }
  }
  for (const c of cells) {
    c.text = closeLetterSpacing(c.text.replace(/\s+/g, ' ').trim());
    if (c.parts!.length < 2) delete c.parts;
    else for (const part of c.parts!) part.text = part.text.replace(/\s+/g, ' ').trim();
  }
  const box = boundingBox(cells);
  return {
    page: page.page,
    index: 0,
    text: cells.map((c) => c.text).join('  '),
    cells,
    ...box,
    pageWidth: page.width,
    pageHeight: page.height,
  };
}

/**
 * Headings set with wide letter spacing come out a letter at a time ('I N VO I C E #', 'B I L L
 * T O'): a cell made only of one- and two-letter pieces is closed up ('INVOICE#', 'BILLTO'), which
 * the space-tolerant labels read.
 */
function closeLetterSpacing(text: string): string {
  const pieces = text.split(' ');
  if (pieces.length < 4 || !pieces.every((piece) => /^[\p{L}#&]{1,2}$/u.test(piece))) return text;
  return pieces.filter((piece) => piece.length === 1).length >= 0.6 * pieces.length ? pieces.join('') : text;
}

function asCell(item: LayoutItem): Cell {
  return { text: item.text, x: item.x, y: item.y, width: item.width, height: item.height };
}

/** pdf.js sometimes hands over a whole padded row as one run; split it where the padding is. */
function splitRun(item: LayoutItem): LayoutItem[] {
  const text = item.text;
  if (!RUN_SPLIT.test(text.trim())) return [item];
  const perChar = item.width / Math.max(1, text.length);
  const out: LayoutItem[] = [];
  const pattern = /\S+(?:\s{1,2}\S+)*/g;
  for (const match of text.matchAll(pattern)) {
    out.push({ ...item, text: match[0], x: item.x + match.index * perChar, width: match[0].length * perChar });
  }
  return out;
}

function middle(item: LayoutItem): number {
  return item.y + item.height / 2;
}

export function boundingBox(boxes: Array<{ x: number; y: number; width: number; height: number }>) {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const b of boxes) {
    left = Math.min(left, b.x);
    top = Math.min(top, b.y);
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A box in points on a line's page, as a PageRegion (fractions of the page). */
export function toRegion(
  page: { page: number; pageWidth: number; pageHeight: number },
  box: { x: number; y: number; width: number; height: number },
): PageRegion {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const x = clamp(box.x / page.pageWidth);
  const y = clamp(box.y / page.pageHeight);
  return {
    page: page.page,
    x: round(x),
    y: round(y),
    width: round(clamp((box.x + box.width) / page.pageWidth) - x),
    height: round(clamp((box.y + box.height) / page.pageHeight) - y),
  };
}

/** The region around several cells (all on the first cell's page). */
export function regionOf(line: Line, cells: Cell[] = line.cells): PageRegion {
  return toRegion(line, boundingBox(cells));
}

export function regionOfLines(lines: Line[]): PageRegion | null {
  if (!lines.length) return null;
  const first = lines[0];
  return toRegion(first, boundingBox(lines.filter((line) => line.page === first.page)));
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}
