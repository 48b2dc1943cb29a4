/**
 * Item tables. The columns are only x positions: whether a table has ruled lines, a shaded
 * header or zebra rows is the layout's look, as on real invoices where the same columns come
 * with or without a grid.
 */
import { type RGB } from 'pdf-lib';
import { GREY, type Pen, SHADE } from './pen';

export interface Column {
  key: string;
  header: string;
  /** The left edge, right edge or middle, by `align`. */
  x: number;
  align: 'left' | 'right' | 'center';
  /** Wrap the cell at this width (the description column). */
  wrap?: number;
}

export interface TableLook {
  left: number;
  right: number;
  size: number;
  leading: number;
  headerFill?: RGB;
  headerColor?: RGB;
  /** A rule above and below the header row. */
  headerRules?: boolean;
  /** A hairline under every row. */
  rowRules?: boolean;
  /** A fill behind every other row. */
  zebra?: RGB;
}

/** Draws the header row; returns the top of the first body row. */
export function drawHeader(pen: Pen, columns: Column[], top: number, look: TableLook): number {
  const height = look.leading + 5;
  if (look.headerFill) pen.box(look.left, top, look.right - look.left, height, { fill: look.headerFill });
  if (look.headerRules) {
    pen.rule(look.left, look.right, top, 0.8);
    pen.rule(look.left, look.right, top + height, 0.8);
  }
  for (const column of columns)
    pen.text(column.header, column.x, top + 3.5, { size: look.size, bold: true, align: column.align, color: look.headerColor });
  return top + height + 3;
}

/** How tall a row is once its wrapped cells are laid out. */
function rowHeight(pen: Pen, columns: Column[], cells: Record<string, string>, look: TableLook): number {
  const lines = Math.max(1, ...columns.filter((c) => c.wrap).map((c) => pen.wrap(cells[c.key] ?? '', c.wrap!, { size: look.size }).length));
  return lines * look.leading;
}

/** Draws one row; returns the top of the next. `index` drives the zebra shading. */
export function drawRow(pen: Pen, columns: Column[], top: number, cells: Record<string, string>, look: TableLook, index = 0): number {
  const height = rowHeight(pen, columns, cells, look);
  if (look.zebra && index % 2 === 1) pen.box(look.left, top - 2, look.right - look.left, height, { fill: look.zebra });
  for (const column of columns) {
    const value = cells[column.key] ?? '';
    const parts = column.wrap ? pen.wrap(value, column.wrap, { size: look.size }) : [value];
    pen.lines(parts, column.x, top, { size: look.size, align: column.align });
  }
  if (look.rowRules) pen.rule(look.left, look.right, top + height - 1.5, 0.3, GREY);
  return top + height;
}

/** A heading row inside the table ('LIGHTING', 'LABOR'): shaded or just bold, never an item. */
export function drawSection(pen: Pen, label: string, x: number, top: number, look: TableLook, shaded: boolean): number {
  if (shaded) pen.box(look.left, top - 2, look.right - look.left, look.leading, { fill: SHADE });
  pen.text(label, x, top, { size: look.size, bold: true });
  return top + look.leading;
}
