/**
 * Line items under a table header: each row is anchored on an amount in the amount column;
 * quantity, unit price and description come from the same row (or the lines just above it, for
 * tables whose amounts sit vertically centred in tall rows), wrapped descriptions are joined,
 * and the table ends at the totals block. A page without a header continues the previous
 * page's table.
 */
import { findAlignedRows } from './aligned-rows';
import { findArithmeticRows } from './arithmetic-rows';
import { findLabels, labelPatterns } from './labels';
import { boundingBox, toRegion, type Cell, type Line } from './layout-lines';
import { looksLikeMoney, parseAmount, roundCents, type DecimalMark } from './numbers';
import {
  cellsStartingIn,
  cellsUnder,
  column,
  descriptionZone,
  findTableHeader,
  splitAtColumns,
  type Column,
  type TableHeader,
} from './table-columns';
import type { ExtractedLineItem } from './types';
import { isTotalsLabel } from './totals';

/** A line starting with one of these ends the table. */
const TABLE_END = labelPatterns([
  'subtotal',
  'sub total',
  'sub-total',
  'total',
  'totals',
  'invoice total',
  'grand total',
  'amount due',
  'balance due',
  'total due',
  'sales tax',
  'tax',
  'freight',
  'shipping',
  'nettobetrag',
  'netto',
  'rechnungssumme',
  'gesamtbetrag',
  'gesamtsumme',
  'summe',
  'zwischensumme',
  'positionssumme',
  'bruttosumme',
  'zahlbetrag',
  'endbetrag',
  'warenwert',
  'umsatzsteuer',
  'mwst',
  'ust',
  'steueraufschlüsselung',
  'umsatzsteueraufschlüsselung',
  'belegsummen',
  'zahlungsbedingungen',
  'rechnungsrabatt',
  'total ht',
  'total ttc',
  'net à payer',
  'taxe',
  'tva',
  'payment terms',
  'terms',
  'please remit payment to',
  'please remit to',
  'please remit',
  'remit payment to',
  'remit to',
  'please pay this amount',
  'please pay',
  'pay this amount',
  'amount payable',
  'total to pay',
  'te betalen',
  'à payer',
  'notes',
  'remarks',
  'bemerkung',
]);
/** Rows that are charges of the totals block, not items, when printed inside the table. */
const NOT_AN_ITEM =
  /^(?:sub-?\s?total|(?:grand\s+)?totals?|sales tax|tax|vat|freight|shipping|mwst|ust\.?|tva|summe|zwischensumme|versand\p{L}*|verzend\p{L}*|livraison|frais de port|porto|fracht|ups|fedex|dhl|postnl|gls|dpd|payments?|zahlung|previous balance|balance forward|balance brought forward|prior balance)\b/iu;
/** Bare labels the totals reader does not take (they name no total alone), yet no item either. */
const BARE_LABEL = /^(?:net|gross|invoice balance|amount)\s*:?$/iu;
/** 'Verpackung : Flasche', 'Bruttopreis : 4,00': attribute lines under a row, not description. */
const ATTRIBUTE = /^[\p{L}][\p{L}\d\s.\-/]{1,30}\s?:(?:\s|$)/u;
/** A labelled note anywhere in a line ('Zählerstand von–bis: 543210') is no wrapped description. */
const NOTE = /\p{L}[\p{L}.\-–]*\s?:(?:\s|$)/u;
/** Discount and allowance rows: folded into the item above, never items of their own. */
const DISCOUNT = /rabatt|nachlass|discount|allowance|remise|rabais|\b(?:abschlag|abzgl|less)\b/iu;
const DISCOUNT_FIRST = /^\W*(?:\S+\s+)?(?:rabatt|nachlass|discount|allowance|remise|rabais|abschlag|abzgl|less)\b/iu;
const DOCUMENT_LEVEL = /rechnung|invoice|facture|total|summe|order/iu;

interface Row {
  anchor: Line;
  amountCell: Cell;
  amount: number;
  lines: Line[];
}

export interface LineItemsResult {
  items: ExtractedLineItem[];
  headers: Line[];
  lines: Line[];
}

export function findLineItems(lines: Line[], mark: DecimalMark): LineItemsResult {
  const rows: Array<{ row: Row; header: TableHeader }> = [];
  const headers: Line[] = [];
  let header: TableHeader | null = null;
  const pages = [...new Set(lines.map((l) => l.page))];
  for (const page of pages) {
    const pageLines = lines.filter((l) => l.page === page);
    const found = findTableHeader(pageLines);
    let start = 0;
    if (found) {
      header = found.header;
      headers.push(...header.lines);
      start = found.index + 1;
    } else if (!header) continue;
    const table: TableHeader = header;
    const carried = found ? undefined : rows.at(-1)?.row;
    const read = readRows(
      pageLines.slice(start).map((line) => splitAtColumns(line, table)),
      table,
      mark,
      carried,
    );
    rows.push(...read.rows.map((row) => ({ row, header: table })));
    if (read.ended) header = null;
  }
  if (rows.length === 0 && headers.length === 0) {
    const arithmetic = findArithmeticRows(lines, mark, isTableEnd);
    const fallback = arithmetic.items.length ? arithmetic : findAlignedRows(lines, mark, isTableEnd, NOT_AN_ITEM);
    return { items: fallback.items, headers: [], lines: fallback.lines };
  }
  const items: ExtractedLineItem[] = [];
  const used: Line[] = [];
  const wrapWidths = new Map<TableHeader, number>();
  for (const { row, header: table } of rows) {
    // A discount row: a negative amount, or a positive one named for the discount ('Discount 2%');
    // a charge that only mentions one ('Standby time over allowance') is an item.
    if (DISCOUNT.test(rowText(row)) && (row.amount < 0 || DISCOUNT_FIRST.test(rowText(row)))) {
      const above = items.at(-1);
      if (above && foldsInto(row, table, above)) above.amount = roundCents(above.amount + row.amount);
      continue;
    }
    if (!wrapWidths.has(table))
      wrapWidths.set(
        table,
        wrapRight(
          rows.filter((r) => r.header === table).map((r) => r.row),
          table,
        ),
      );
    const item = toItem(row, table, mark, wrapWidths.get(table)!);
    if (!item) continue;
    items.push(item);
    used.push(...row.lines);
  }
  return { items, headers, lines: used };
}

/**
 * Rows under a header until the totals block. On a continuation page (`carried` is the last row
 * of the page before), lines above the first amount finish that row's description.
 */
function readRows(lines: Line[], header: TableHeader, mark: DecimalMark, carried?: Row): { rows: Row[]; ended: boolean } {
  const amountColumn = column(header, 'amount') ?? column(header, 'unitPrice');
  const rows: Row[] = [];
  let pending: Line[] = [];
  let carrying = carried;
  for (const line of lines) {
    if (isTableEnd(line)) return { rows, ended: true };
    const amountCell = amountColumn && anchorCell(line, amountColumn);
    const amount = amountCell ? parseAmount(amountCell.text, mark) : null;
    if (amountCell && amount !== null && (!carried || hasText(line, header) || pending.length)) {
      rows.push({ anchor: line, amountCell, amount, lines: [...rowLinesAbove(pending, line, header), line] });
      pending = [];
      carrying = undefined;
      continue;
    }
    const previous = rows.at(-1);
    if (previous && !pending.length && isContinuation(previous.lines.at(-1)!, line, header)) previous.lines.push(line);
    else if (carrying && !pending.length && isContinuation(null, line, header)) carrying.lines.push(line);
    else {
      carrying = undefined;
      pending.push(line);
    }
  }
  return { rows, ended: false };
}

/** The rightmost money-looking cell under the amount column. */
function anchorCell(line: Line, amountColumn: Column): Cell | undefined {
  return cellsUnder(line, amountColumn, 20)
    .filter((c) => looksLikeMoney(c.text) && !/%/.test(c.text))
    .at(-1);
}

/**
 * 'abzgl. 16,7% Rabatt -2,00' under an item lowers that item's net amount, when the item's
 * printed amount is still quantity x price (the discount not yet taken off).
 */
function foldsInto(row: Row, header: TableHeader, above: ExtractedLineItem): boolean {
  if (row.amount >= 0 || hasText(row.anchor, header) || DOCUMENT_LEVEL.test(rowText(row))) return false;
  return above.quantity !== null && above.unitPrice !== null && Math.abs(above.quantity * above.unitPrice - above.amount) <= 0.011;
}

/**
 * How far right the description column's text reaches, a measure of where the writer wrapped
 * it: the right edge of the widest description that stays inside its column.
 */
function wrapRight(rows: Row[], header: TableHeader): number {
  const zone = descriptionZone(header);
  if (!zone) return Infinity;
  let right = 0;
  for (const row of rows) {
    for (const line of row.lines) {
      for (const cell of cellsStartingIn(line, zone)) if (cell.x + cell.width <= zone.right + 2) right = Math.max(right, cell.x + cell.width);
    }
  }
  return right || zone.right;
}

function rowText(row: Row): string {
  return row.anchor.cells
    .filter((c) => c !== row.amountCell)
    .map((c) => c.text)
    .join(' ');
}

function hasText(line: Line, header: TableHeader): boolean {
  return cellsStartingIn(line, descriptionZone(header)).some((c) => /\p{L}{2}/u.test(c.text));
}

/** Lines just above an amount that carry the row's quantity or price (amount centred in a tall row). */
function rowLinesAbove(pending: Line[], anchor: Line, header: TableHeader): Line[] {
  const above: Line[] = [];
  let next = anchor;
  for (let i = pending.length - 1; i >= 0; i--) {
    const line = pending[i];
    if (next.y - (line.y + line.height) > 0.8 * line.height) break;
    const numbers = [column(header, 'quantity'), column(header, 'unitPrice')].some((col) => cellsUnder(line, col).some((c) => /\d/.test(c.text)));
    if (!numbers) break;
    above.unshift(line);
    next = line;
  }
  // A tall row prints its description a little higher than its numbers, on a line of its own.
  const nearest = pending.at(-above.length - 1);
  const described = [...above, anchor].some((line) => hasText(line, header));
  if (nearest && !described && hasText(nearest, header) && next.y - nearest.y < 0.9 * nearest.height) above.unshift(nearest);
  return above;
}

function isContinuation(previous: Line | null, line: Line, header: TableHeader): boolean {
  if (previous && line.y - (previous.y + previous.height) > 0.9 * previous.height) return false;
  const description = cellsStartingIn(line, descriptionZone(header));
  if (!description.length || ATTRIBUTE.test(description[0].text)) return false;
  const amountColumn = column(header, 'amount');
  return !cellsUnder(line, amountColumn).some((c) => looksLikeMoney(c.text));
}

function isTableEnd(line: Line): boolean {
  const first = line.cells[0];
  if (!first) return false;
  const labels = findLabels([line], TABLE_END);
  const match = labels.find((m) => m.cell === first);
  // 'Subtotal  2,278.00' beside a note in the left column ends the table too.
  if (!match) return labels.some((m) => !bareLabelWords(m.rest) && m.cell !== line.cells.at(-1) && /\d/.test(line.cells.at(-1)!.text));
  // 'Total' alone or followed by an amount / qualifier, not a description that starts with the word.
  return !bareLabelWords(match.rest) || line.cells.length > 1;
}

function bareLabelWords(rest: string): boolean {
  return /\p{L}{4}/u.test(rest.replace(/\(.*?\)|\b(?:netto|brutto|excl|inkl|incl|ohne|gesamt|eur|usd|in)\b/gi, ''));
}

function toItem(row: Row, header: TableHeader, mark: DecimalMark, wrapAt: number): ExtractedLineItem | null {
  const main = row.lines.filter((l) => l.index <= row.anchor.index);
  const after = row.lines.filter((l) => l.index > row.anchor.index);
  const zone = descriptionZone(header);
  const pick = (col: Column | undefined, from: Line[]) => from.flatMap((l) => cellsUnder(l, col));
  // A number under another column ('100,0000 Stk.' under Menge) is that column's, even inside the zone.
  const pickDescription = (from: Line[]) => from.flatMap((l) => cellsStartingIn(l, zone)).filter((c) => !underNumberColumn(c, header));
  let descriptionCells = pickDescription(main).filter((c) => c !== row.amountCell && !looksLikeMoney(c.text));
  let id = textOf(pick(column(header, 'id'), main).filter((c) => !descriptionCells.includes(c)));
  let description = textOf(descriptionCells) ?? '';
  // Codes printed under the description (GTIN, '(GLN)', a SKU) are not part of it.
  const below = after
    .map((l) => pickDescription([l]).filter((c) => !looksLikeMoney(c.text) && !/^[\dA-Z().\-/:]+$/.test(c.text)))
    .filter((cells) => cells.length);
  // A code alone where the description goes, with the words on the next line: code, then words.
  if (/^[\p{L}\d_./-]*\d[\p{L}\d_./-]*$/u.test(description) && below.length) {
    id ??= description;
    description = '';
  }
  let previous = description ? descriptionCells : null;
  for (const cells of below) {
    if (previous && !wrapsOnto(previous, cells, wrapAt)) break;
    description = description ? joinWrapped(description, textOf(cells)!) : textOf(cells)!;
    previous = cells;
  }
  if (!description) {
    // Printed a little left of a centred or indented header ('Stahlcoil' under 'Beschreibung').
    descriptionCells = main.flatMap((l) => cellsUnder(l, column(header, 'description'))).filter((c) => /\p{L}{3}/u.test(c.text));
    description = textOf(descriptionCells) ?? '';
  }
  if (!description) {
    const numbersFrom = Math.min(row.amountCell.x, ...['quantity', 'unitPrice'].map((role) => column(header, role as 'quantity')?.x ?? Infinity));
    descriptionCells = main.flatMap((l) => l.cells).filter((c) => /\p{L}{3}/u.test(c.text) && c.x + c.width < numbersFrom);
    description = textOf(descriptionCells) ?? '';
  }
  // A row that is a totals label in any language the totals reader knows ('Subtotaal', 'BTW 21%') is a charge, not an item.
  if (!description || NOT_AN_ITEM.test(description) || isTotalsLabel(description) || BARE_LABEL.test(description)) return null;
  const quantity = firstNumber(pick(column(header, 'quantity'), main), mark, true);
  const unitPrice = firstNumber(
    pick(column(header, 'unitPrice'), main).filter((c) => c !== row.amountCell),
    mark,
    false,
  );
  const region = toRegion(row.anchor, boundingBox(row.lines.filter((l) => l.page === row.anchor.page)));
  return { id: id ? cleanId(id) : null, description, quantity, unitPrice, amount: row.amount, region };
}

/**
 * A description line goes on under the one before when that one was cut short: it ends in a
 * comma or hyphen, or the next line's first word would not have fitted after it in the column.
 * Otherwise the line below is a note ('aus Deutschland', 'Artikel wie vereinbart').
 */
function wrapsOnto(previous: Cell[], next: Cell[], wrapAt: number): boolean {
  const last = previous.at(-1)!;
  if (/[,\-/&+]$/.test(last.text)) return true;
  if (NOTE.test(next.map((c) => c.text).join(' '))) return false;
  const first = next[0];
  const word = first.text.split(' ')[0];
  const charWidth = first.width / Math.max(1, first.text.length);
  return last.x + last.width + (word.length + 1) * charWidth > wrapAt;
}

function underNumberColumn(cell: Cell, header: TableHeader): boolean {
  if (!/\d/.test(cell.text)) return false;
  const centre = cell.x + cell.width / 2;
  return header.columns.some((col) => col.role !== 'description' && col.role !== 'id' && centre > col.x - 4 && centre < col.right + 4);
}

function textOf(cells: Cell[]): string | null {
  const text = cells
    .map((c) => c.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

function joinWrapped(first: string, rest: string): string {
  return first.endsWith('-') && /^\p{Lu}/u.test(rest) ? first + rest : `${first} ${rest}`;
}

function cleanId(id: string): string {
  return id.replace(/^\d{1,3}\s+(?=\S)/, '').trim();
}

function firstNumber(cells: Cell[], mark: DecimalMark, allowUnit: boolean): number | null {
  for (const cell of cells) {
    const value = parseAmount(cell.text, mark, { allowUnit });
    if (value !== null) return value;
  }
  return null;
}
