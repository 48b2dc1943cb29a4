/**
 * Line-item table headers: a row whose cells name at least two kinds of column (quantity,
 * description, unit price, amount, item number), possibly printed over two or three lines
 * ('Preis/' over 'Einheit'). The header gives each column an x range on the page.
 */
import { boundingBox, type Cell, type Line } from './layout-lines';

export type ColumnRole = 'id' | 'description' | 'quantity' | 'unitPrice' | 'amount' | 'other';

export interface Column {
  role: ColumnRole;
  text: string;
  x: number;
  right: number;
}

export interface TableHeader {
  /** The header's lines (one to three). */
  lines: Line[];
  columns: Column[];
}

const word = (phrases: string[]) => new RegExp(`(?:^|[^\\p{L}])(?:${phrases.join('|')})(?![\\p{L}])`, 'iu');
/** German and Dutch join words: 'Stückpreis', 'Leistungsbeschreibung', 'Regeltotaal' end in the column's word. */
const wordEnd = (endings: string[]) => new RegExp(`\\p{L}{2,}(?:${endings.join('|')})(?![\\p{L}])`, 'iu');

/** Checked in this order: the first kind that matches names the column. */
const ROLES: Array<[ColumnRole, RegExp]> = [
  [
    'amount',
    word([
      'work completed this period',
      'this period',
      'ext\\.? price',
      'extended price',
      'extended',
      'extension',
      'ext\\.? amount',
      'line total',
      'total price',
      'gesamtpreis',
      'price w/o',
      'prix ht',
      'total ht',
      'montant ht',
      'positions-?\\s?betrag',
      'nettowert',
      'nettobetrag',
      'net amount',
      'regeltotaal',
      'totaalbedrag',
    ]),
  ],
  ['other', word(['discount', 'disc\\.?', 'korting', 'rabatt', 'remise', 'rabais'])],
  // 'VAT Rate', 'Steuersatz': a tax column, before 'rate' can make it a price.
  ['other', /^(?:vat|tax|tva|btw|ust|mwst|steuer)[\s.\-]*(?:rate|satz|%|taux)/iu],
  ['other', word(['scheduled value', 'previous', 'from previous application', 'retainage', 'balance', 'stored', '% complete', 'total completed'])],
  [
    'unitPrice',
    word([
      'unit price',
      'unit cost',
      'price/unit',
      'price per unit',
      'unit rate',
      'einzelpreis',
      'nettopreis',
      'preis/\\s?einheit',
      'prix unitaire',
      'p\\.u\\.',
      'prijs per stuk',
      'stukprijs',
      'prijs',
      'satz',
      'rate',
      'price',
      'preis',
      'prix',
      'cost',
    ]),
  ],
  ['unitPrice', wordEnd(['preis', 'prijs'])],
  ['other', /(?:ust|mwst|vat|tax|tva|btw|steuer)[\s.\-%]*(?:betrag|amount|montant|satz|rate|%)?/iu],
  [
    'quantity',
    word([
      'qty',
      'qty\\.',
      'quantity',
      'menge',
      'anzahl',
      'stückzahl',
      'stunden',
      'aantal',
      'quantité',
      'qté',
      'qte',
      'hours',
      'hrs',
      'tons',
      'loads',
      'shipped',
      'billed',
      'units',
      'yards',
      'cy',
    ]),
  ],
  [
    'amount',
    word(['amounts?', 'totals?', 'subtotal', 'prices', 'betrag', 'gesamt', 'gesamtbetrag', 'entgelt', 'montant', 'ext', 'net', 'bedrag', 'totaal']),
  ],
  ['amount', wordEnd(['betrag', 'summe', 'bedrag'])],
  [
    'description',
    word([
      'description',
      'descr',
      'beschreibung',
      'artikelbeschreibung',
      'bezeichnung',
      'artikelbezeichnung',
      'produkt',
      'product',
      'désignation',
      'designation',
      'leistung',
      'details',
      'material',
      'service',
      'libellé',
      'produit',
      'omschrijving',
    ]),
  ],
  ['description', wordEnd(['beschreibung', 'bezeichnung', 'omschrijving'])],
  [
    'id',
    word([
      'item',
      'item #',
      'item no',
      'sku',
      'part',
      'part #',
      'part no',
      'catalog',
      'cat\\.?\\s?#',
      'cat\\.?\\s?no',
      'code',
      'art\\.?-?\\s?nr',
      'artikelnr',
      'artikel-nr',
      'artikelnummer',
      'gtin',
      'ean',
      'ticket',
      'référence',
      'ref',
    ]),
  ],
];

const DESCRIPTION_WORD = /descr|beschreibung|bezeichnung|omschrijving|désignation|designation|libellé/iu;

export function columnRole(text: string): ColumnRole | null {
  for (const [role, pattern] of ROLES) if (pattern.test(text)) return role;
  return null;
}

const HAS_NUMBER = /\d[.,]\d|\d{3,}/;
/** '3,00', '100,0000 Stk.', '19 %', '$1,720.00': what a number column holds. */
const NUMBER_WITH_UNIT = /^[-+(]?[$€£]?\s?\d[\d.,' ]*\)?-?\s?[\p{L}²³%€$£.]{0,6}$/u;

/** A header line: two or more cells name columns, one of them an amount or price, and no amounts. */
function isHeaderLine(line: Line): boolean {
  const cells = line.cells.flatMap(splitByRoles);
  if (cells.length < 2 || HAS_NUMBER.test(line.text)) return false;
  const roles = new Set(cells.map((cell) => columnRole(cell.text)).filter((role) => role && role !== 'other'));
  return roles.size >= 2 && (roles.has('amount') || roles.has('unitPrice')) && (roles.has('description') || roles.has('quantity'));
}

/** Lines printed right above or below a header line, close enough to be part of it. */
function headerBand(lines: Line[], at: number): Line[] {
  const band = [lines[at]];
  const close = (a: Line, b: Line) => a.page === b.page && Math.abs(b.y - a.y) < 2.2 * Math.max(a.height, b.height);
  // 'Payment terms:  cash' above the header is a labelled field, not a header line.
  const fits = (line: Line) => !HAS_NUMBER.test(line.text) && line.cells.every((c) => c.text.length < 30 && !/:(?:\s|$)/.test(c.text));
  for (let i = at - 1; i >= 0 && band.length < 4 && close(lines[i], band[0]) && fits(lines[i]); i--) band.unshift(lines[i]);
  for (let i = at + 1; i < lines.length && band.length < 5 && close(band.at(-1)!, lines[i]) && fits(lines[i]); i++) band.push(lines[i]);
  return band;
}

export function findTableHeader(lines: Line[], from = 0): { header: TableHeader; index: number } | null {
  for (let i = from; i < lines.length; i++) {
    if (!isHeaderLine(lines[i])) continue;
    const band = headerBand(lines, i);
    return { header: { lines: band, columns: buildColumns(band) }, index: lines.indexOf(band.at(-1)!) };
  }
  return null;
}

/** Cells of the header band stacked into columns by horizontal overlap, texts joined top to bottom. */
function buildColumns(band: Line[]): Column[] {
  const stacks: Array<{ cells: Cell[]; x: number; right: number }> = [];
  for (const line of band) {
    for (const cell of line.cells.flatMap(splitByRoles)) {
      const right = cell.x + cell.width;
      const stack = stacks.find((s) => cell.x < s.right - 1 && right > s.x + 1);
      if (stack) {
        stack.cells.push(cell);
        stack.x = Math.min(stack.x, cell.x);
        stack.right = Math.max(stack.right, right);
      } else stacks.push({ cells: [cell], x: cell.x, right });
    }
  }
  stacks.sort((a, b) => a.x - b.x);
  const columns = stacks.map((stack) => {
    const text = stack.cells
      .sort((a, b) => a.y - b.y)
      .reduce((joined, cell) => (joined.endsWith('-') || joined.endsWith('/') ? joined + cell.text : `${joined} ${cell.text}`), '')
      .trim();
    return { role: columnRole(text) ?? columnRole(stack.cells[stack.cells.length - 1].text) ?? 'other', text, x: stack.x, right: stack.right };
  });
  // 'Product' then 'Description': the column named for descriptions holds them, the other a code.
  const descriptions = columns.filter((c) => c.role === 'description');
  if (descriptions.length > 1) {
    const keep = descriptions.find((c) => DESCRIPTION_WORD.test(c.text)) ?? descriptions[0];
    for (const other of descriptions) if (other !== keep) other.role = columns.some((c) => c.role === 'id') ? 'other' : 'id';
  }
  // Several amount columns: the rightmost is the line amount, unless one is 'this period' (AIA G703).
  const amounts = columns.filter((c) => c.role === 'amount');
  if (amounts.length > 1) {
    const keep = amounts.find((c) => /this period/i.test(c.text)) ?? amounts.at(-1)!;
    for (const column of amounts) if (column !== keep) column.role = 'other';
  }
  return columns;
}

/**
 * 'Qty Description' run together: each run that names a column becomes its own header cell. One
 * run naming two columns ('Discount Subtotal') is split between its words, each side's place
 * estimated from its share of the characters.
 */
function splitByRoles(cell: Cell): Cell[] {
  const parts = cell.parts ?? [];
  if (parts.filter((part) => columnRole(part.text)).length >= 2) return parts;
  const words = cell.text.split(' ');
  for (let at = 1; at < words.length; at++) {
    const left = words.slice(0, at).join(' ');
    const right = words.slice(at).join(' ');
    const roles = [columnRole(left), columnRole(right)];
    if (!roles[0] || !roles[1] || roles[0] === roles[1] || columnRole(cell.text) === null) continue;
    const perChar = cell.width / cell.text.length;
    const rightX = cell.x + (left.length + 1) * perChar;
    return [
      { ...cell, text: left, width: left.length * perChar, parts: undefined },
      { ...cell, text: right, x: rightX, width: right.length * perChar, parts: undefined },
    ];
  }
  return [cell];
}

/**
 * A row's cells split again where their text runs fall under different columns: '1' under Qty
 * and 'Telehandler 10,000 lb' under Description, or a description run into its quantity
 * ('Kunstrasen grün 3m breit' + '3,00'). Only runs with a digit go to the number columns, so a
 * long description that reaches past its column stays whole.
 */
export function splitAtColumns(line: Line, header: TableHeader): Line {
  if (!line.cells.some((cell) => cell.parts)) return line;
  const zone = descriptionZone(header);
  const columns = header.columns.map((c) => (c.role === 'description' && zone ? zone : c));
  const columnOf = (part: Cell): Column | null => {
    let best: Column | null = null;
    let most = 0;
    for (const col of columns) {
      const overlap = Math.min(part.x + part.width, col.right + 4) - Math.max(part.x, col.x - 4);
      if (overlap > most) [best, most] = [col, overlap];
    }
    if (best && best.role !== 'description' && best.role !== 'id' && !NUMBER_WITH_UNIT.test(part.text)) return null;
    return best;
  };
  const cells = line.cells.flatMap((cell) => {
    if (!cell.parts) return [cell];
    const groups: Array<{ column: Column | null; parts: Cell[] }> = [];
    for (const part of cell.parts) {
      const col = columnOf(part);
      const open = groups.at(-1);
      if (open && (col === null || open.column === null || col === open.column)) {
        open.parts.push(part);
        open.column ??= col;
      } else groups.push({ column: col, parts: [part] });
    }
    return groups.length < 2 ? [cell] : groups.map((group) => joinParts(group.parts));
  });
  return cells.length === line.cells.length ? line : { ...line, cells };
}

function joinParts(parts: Cell[]): Cell {
  const box = boundingBox(parts);
  return { text: parts.map((p) => p.text).join(' '), ...box, parts: parts.length > 1 ? parts : undefined };
}

export function column(header: TableHeader, role: ColumnRole): Column | undefined {
  return header.columns.find((c) => c.role === role);
}

/**
 * The description column widened to the gap between its neighbours: descriptions are printed
 * left-aligned under headers that are often centred or indented.
 */
export function descriptionZone(header: TableHeader): Column | undefined {
  const at = header.columns.findIndex((c) => c.role === 'description');
  if (at < 0) return undefined;
  const previous = header.columns[at - 1];
  const next = header.columns[at + 1];
  return { ...header.columns[at], x: previous ? previous.right + 2 : 0, right: next ? next.x - 6 : header.columns[at].right };
}

/** The cells of a line under a column (overlapping its x range widened by `slack`). */
export function cellsUnder(line: Line, col: Column | undefined, slack = 4): Cell[] {
  if (!col) return [];
  return line.cells.filter((c) => c.x < col.right + slack && c.x + c.width > col.x - slack);
}

/** Cells that start inside a zone (for the description, whose text may run past the zone). */
export function cellsStartingIn(line: Line, zone: Column | undefined): Cell[] {
  if (!zone) return [];
  return line.cells.filter((c) => c.x >= zone.x - 2 && c.x < zone.right);
}
