/** The line table (continued onto further pages when it runs long) and the totals block. */
import { rgb } from 'pdf-lib';
import { BLACK, GREY, LIGHT, PAGE, type Sheet, WHITE } from './draw';
import type { LayoutSpec } from './layouts';
import { type Column, type InvoiceModel, isLineItem, type TotalRow } from './model';

const M = PAGE.margin;
const RIGHT = PAGE.width - M;
const ROW = 14;
/** Rows stop above the footer. */
export const CONTENT_BOTTOM = PAGE.height - M - 28;

function orderColumns(columns: Column[], order: LayoutSpec['columnOrder']): Column[] {
  if (order === 'quantity-first') {
    const quantity = columns.filter((c) => c.key === 'quantity' || c.key === 'ordered');
    return quantity.length ? [...quantity, ...columns.filter((c) => !quantity.includes(c))] : columns;
  }
  if (order === 'amount-last-description-first') {
    const description = columns.find((c) => c.key === 'description')!;
    const amount = columns.find((c) => c.key === 'amount')!;
    return [description, ...columns.filter((c) => c !== description && c !== amount), amount];
  }
  return columns;
}

/** Draws rows from `top`; calls `newPage` for a fresh sheet when a page fills. Returns the last sheet and y. */
export function drawTable(
  first: Sheet,
  model: InvoiceModel,
  spec: LayoutSpec,
  top: number,
  newPage: () => { sheet: Sheet; top: number },
): { sheet: Sheet; y: number } {
  const columns = orderColumns(model.columns, spec.columnOrder);
  const width = RIGHT - M;
  const xs: number[] = [];
  columns.reduce((x, column) => (xs.push(x), x + column.width * width), M);
  let sheet = first;
  const drawHeadings = (y: number) => {
    const dark = spec.totals === 'bar';
    sheet.box(M, y, width, ROW + 2, { fill: dark ? spec.accent : LIGHT });
    columns.forEach((column, i) => {
      const room = column.width * width - 6;
      const size = fittingSize(sheet, column.header, room, 7.5, sheet.fonts.bold);
      sheet.text(column.header, xs[i] + 3, y + 4, { size, font: sheet.fonts.bold, color: dark ? WHITE : BLACK, align: column.align, width: room });
    });
    return y + ROW + 6;
  };
  let y = drawHeadings(top);
  model.rows.forEach((row, index) => {
    if (y + ROW > CONTENT_BOTTOM) {
      sheet.text('Continued on next page', M, CONTENT_BOTTOM + 6, { size: 8, color: GREY, align: 'right', width: RIGHT - M });
      const next = newPage();
      sheet = next.sheet;
      y = drawHeadings(next.top);
    }
    if (!isLineItem(row)) {
      sheet.text(row.note, xs[columns.findIndex((c) => c.key === 'description')] + 3, y + 2, { size: 8.5, font: sheet.fonts.bold });
      y += ROW;
      return;
    }
    if (spec.name === 'modern' && index % 2 === 1) sheet.box(M, y - 2, width, ROW, { fill: ZEBRA });
    columns.forEach((column, i) => {
      const value = row.cells[column.key] ?? '';
      const room = column.width * width - 6;
      sheet.text(value, xs[i] + 3, y + 2, { size: fittingSize(sheet, value, room, 8.5), align: column.align, width: room });
    });
    y += ROW;
  });
  sheet.rule(M, y + 2, RIGHT, 0.8);
  return { sheet, y: y + 10 };
}

/** A narrow column prints its text smaller rather than cut it off. */
function fittingSize(sheet: Sheet, value: string, room: number, size: number, font = sheet.fonts.regular): number {
  let fitted = size;
  while (fitted > 5.5 && sheet.width(value, fitted, font) > room) fitted -= 0.5;
  return fitted;
}

const ZEBRA = rgb(0.96, 0.96, 0.96);

export function totalsHeight(model: InvoiceModel): number {
  return (model.totals.length + model.afterTotals.length) * 15 + model.notes.length * 12 + 50;
}

/** The totals block at `top`; the row marked total carries the layout's own label. */
export function drawTotals(sheet: Sheet, model: InvoiceModel, spec: LayoutSpec, top: number): number {
  const { bold } = sheet.fonts;
  const labelX = 330;
  const labelWidth = 150;
  const valueWidth = RIGHT - (labelX + labelWidth);
  let y = top;
  const rows: TotalRow[] = model.totals.map((row) => (row.total ? { ...row, label: spec.totalLabel } : row));
  for (const row of rows) {
    const font = row.total ? bold : sheet.fonts.regular;
    if (row.total && spec.totals === 'bar') {
      sheet.box(labelX - 10, y - 3, RIGHT - labelX + 10, 18, { fill: spec.accent });
      sheet.text(row.label, labelX, y + 1, { size: 10, font: bold, color: WHITE, align: 'right', width: labelWidth });
      sheet.text(`$${row.value}`, labelX + labelWidth, y + 1, { size: 10, font: bold, color: WHITE, align: 'right', width: valueWidth - 4 });
      y += 20;
      continue;
    }
    if (spec.totals === 'box') sheet.box(labelX, y - 3, RIGHT - labelX, 15, { border: BLACK, fill: row.total ? LIGHT : undefined });
    if (row.total && spec.totals === 'right') sheet.rule(labelX + 40, y - 3, RIGHT, 1);
    sheet.text(row.label, labelX, y, { size: row.total ? 10 : 9, font, align: 'right', width: labelWidth - 6 });
    sheet.text(row.total ? `$${row.value}` : row.value, labelX + labelWidth, y, {
      size: row.total ? 10 : 9,
      font,
      align: 'right',
      width: valueWidth - 4,
    });
    y += 15;
  }
  y += 6;
  for (const row of model.afterTotals) {
    sheet.text(row.label, labelX, y, { size: 9, align: 'right', width: labelWidth - 6 });
    sheet.text(row.value, labelX + labelWidth, y, { size: 9, align: 'right', width: valueWidth - 4 });
    y += 15;
  }
  let notesY = top;
  for (const note of model.notes) notesY = sheet.text(note, M, notesY, { size: 7.5, color: GREY, width: labelX - M - 20 }) + 2;
  return Math.max(y, notesY);
}
