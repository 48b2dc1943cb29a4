/**
 * Reads a vendor list exported from an accounting system: finds the header row (lists often open
 * with a title or blank rows), maps its columns by meaning, and turns each data row into a vendor
 * or a reason it was skipped. Pure: the rows come from the extractor sandbox.
 */
import { AppError } from '../../errors';
import { normalizeVendorName } from './vendor-names';

/** Header rows are looked for this far down the sheet. */
const HEADER_SEARCH_ROWS = 20;

type Field = 'name' | 'legalName' | 'code' | 'active' | 'inactive' | 'address' | 'address2' | 'city' | 'state' | 'zip' | 'phone' | 'email' | 'taxId';

const HEADERS: Record<Field, string[]> = {
  // Surest first: "Vendor Name" beats a bare "Name" or "Vendor" in the same header row.
  name: [
    'vendor name',
    'supplier name',
    'payee name',
    'vendor display name',
    'vendor dba',
    'company name',
    'business name',
    'name',
    'company',
    'payee',
    'dba',
    'dba name',
    'trade name',
    'display name',
    'sort name',
    'vendor',
    'supplier',
  ],
  legalName: ['legal name', 'vendor legal name', 'legal entity', 'legal entity name', 'legal business name', 'registered name'],
  code: [
    'vendor id',
    'vendor code',
    'vendor #',
    'vendor no',
    'vendor number',
    'vendor num',
    'vendor key',
    'id',
    'code',
    'number',
    'no',
    '#',
    'supplier id',
    'supplier code',
    'supplier #',
    'supplier no',
    'supplier number',
    'account',
    'account #',
    'account number',
    'acct',
    'acct #',
    'vendor account',
    'vendor acct',
  ],
  active: ['active', 'status', 'vendor status', 'is active', 'active status', 'active?', 'enabled'],
  inactive: ['inactive', 'is inactive', 'inactive?', 'disabled', 'on hold', 'hold'],
  address: [
    'address',
    'address 1',
    'address1',
    'address line 1',
    'street',
    'street address',
    'street 1',
    'mailing address',
    'remit address',
    'remit to address',
    'remit to',
    'full address',
  ],
  address2: ['address 2', 'address2', 'address line 2', 'street 2', 'suite'],
  city: ['city', 'town'],
  state: ['state', 'st', 'province', 'state province', 'region'],
  zip: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode', 'zip postal code'],
  phone: ['phone', 'phone number', 'phone #', 'telephone', 'tel', 'main phone', 'office phone', 'business phone', 'phone 1', 'work phone'],
  email: ['email', 'e mail', 'email address', 'e mail address', 'ap email', 'contact email', 'remit email', 'accounts receivable email'],
  taxId: [
    'tax id',
    'tin',
    'ein',
    'fein',
    'federal id',
    'federal tax id',
    'federal id number',
    'tax id number',
    'taxpayer id',
    'tax number',
    'ssn ein',
    'tin ein',
    '1099 id',
    'tax identification number',
  ],
};

const EXACT = new Map<string, Field>(Object.entries(HEADERS).flatMap(([field, names]) => names.map((n) => [n, field as Field])));

/** Headings no exact synonym covers, recognised by their words. */
function looseField(words: string[]): Field | null {
  const has = (...any: string[]) => any.some((w) => words.includes(w));
  if (has('email') || (has('e') && has('mail'))) return 'email';
  if (has('fax')) return null;
  if (has('phone', 'telephone', 'tel')) return 'phone';
  if (has('tin', 'ein', 'fein') || (has('tax', 'federal', 'fed') && has('id', 'number', '#', 'no'))) return 'taxId';
  if (has('vendor', 'supplier', 'payee') && has('id', 'code', '#', 'no', 'number', 'num', 'key')) return 'code';
  if (has('legal') && has('name', 'entity')) return 'legalName';
  if (has('vendor', 'supplier', 'company', 'payee', 'business') && has('name')) return 'name';
  if (has('zip', 'postal')) return 'zip';
  if (has('address', 'street')) return has('2', 'line2') ? 'address2' : 'address';
  if (has('inactive')) return 'inactive';
  if (has('status', 'active')) return 'active';
  return null;
}

function normalizeHeader(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9#?]+/g, ' ')
    .trim();
}

/** The field a heading names, and how surely (lower is surer: its place in the synonym list). */
function fieldOf(header: string): { field: Field; rank: number } | null {
  const normalized = normalizeHeader(header);
  if (!normalized) return null;
  const exact = EXACT.get(normalized) ?? EXACT.get(normalized.replace(/\?$/, '').trim());
  if (exact) return { field: exact, rank: HEADERS[exact].indexOf(normalized.replace(/\?$/, '').trim()) };
  const loose = looseField(normalized.split(' '));
  return loose ? { field: loose, rank: 100 } : null;
}

/** Each field's surest column; a bare "Vendor" beside "Vendor Name" holds the vendor code. */
function mapColumns(headers: string[]): Columns {
  const best: Partial<Record<Field, { column: number; rank: number }>> = {};
  const bareVendor: number[] = [];
  headers.forEach((header, column) => {
    const found = fieldOf(header);
    if (!found) return;
    const current = best[found.field];
    if (current && current.rank <= found.rank) {
      if (found.field === 'name' && /^(vendor|supplier)$/.test(normalizeHeader(header))) bareVendor.push(column);
      return;
    }
    if (current && found.field === 'name' && /^(vendor|supplier)$/.test(normalizeHeader(headers[current.column]))) bareVendor.push(current.column);
    best[found.field] = { column, rank: found.rank };
  });
  const columns: Columns = Object.fromEntries(Object.entries(best).map(([field, { column }]) => [field, column]));
  if (columns.code === undefined && bareVendor.length > 0) columns.code = bareVendor[0];
  return columns;
}

type Columns = Partial<Record<Field, number>>;

export interface VendorListEntry {
  /** 1-based row number as a spreadsheet shows it. */
  row: number;
  code: string | null;
  name: string;
  legalName: string | null;
  normalizedName: string;
  /** null: the list has no status column, or the cell says nothing usable. */
  isActive: boolean | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  taxId: string | null;
}

export interface SkippedRow {
  row: number;
  reason: string;
}

export interface ParsedVendorList {
  entries: VendorListEntry[];
  skipped: SkippedRow[];
}

const ACTIVE_WORDS = new Set(['active', 'a', 'y', 'yes', 'true', '1', 't', 'open', 'enabled', 'approved', 'current']);
const INACTIVE_WORDS = new Set([
  'inactive',
  'i',
  'n',
  'no',
  'false',
  '0',
  'f',
  'closed',
  'disabled',
  'deleted',
  'terminated',
  'hold',
  'on hold',
  'blocked',
  'archived',
]);

const LIMITS = { name: 200, code: 100, other: 500 };

function listError(code: string, message: string): AppError {
  return new AppError(422, code, message);
}

/** Finds the header row among the first rows: the one naming most vendor fields, with a name column. */
function findHeader(rows: string[][]): { index: number; columns: Columns } {
  let best: { index: number; columns: Columns; score: number } | undefined;
  let bestWithoutName: { index: number; headers: string[]; score: number } | undefined;
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    const columns = mapColumns(rows[index]);
    const score = Object.keys(columns).length;
    if (score === 0) continue;
    if (columns.name === undefined && columns.legalName === undefined) {
      if (score > (bestWithoutName?.score ?? 0)) bestWithoutName = { index, headers: rows[index].filter((c) => c.trim()), score };
      continue;
    }
    if (score > (best?.score ?? 0)) best = { index, columns, score };
  }
  if (best && (!bestWithoutName || best.score >= bestWithoutName.score)) return best;
  if (bestWithoutName && bestWithoutName.score >= 2) {
    const shown = bestWithoutName.headers
      .slice(0, 8)
      .map((h) => `"${h.trim()}"`)
      .join(', ');
    throw listError(
      'no_name_column',
      `The vendor list has no vendor name column (row ${bestWithoutName.index + 1} has ${shown}). Add a column headed "Vendor Name" or "Name".`,
    );
  }
  if (best) return best;
  throw listError(
    'no_header_row',
    `No header row was found in the first ${HEADER_SEARCH_ROWS} rows. The list needs a row of column headings such as "Vendor ID", "Vendor Name", "Status".`,
  );
}

function parseActive(value: string): boolean | null {
  const word = value.trim().toLowerCase();
  if (ACTIVE_WORDS.has(word)) return true;
  if (INACTIVE_WORDS.has(word)) return false;
  return null;
}

function clean(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

export function parseVendorList(rows: string[][]): ParsedVendorList {
  const nonEmpty = rows.some((row) => row.some((cell) => cell.trim() !== ''));
  if (!nonEmpty) throw listError('empty_vendor_list', 'The vendor list is empty.');
  const { index: headerIndex, columns } = findHeader(rows);
  const headerCells = rows[headerIndex].map((cell) => normalizeHeader(cell));
  const cell = (row: string[], field: Field) => (columns[field] === undefined ? '' : clean(row[columns[field]!]));

  const entries: VendorListEntry[] = [];
  const skipped: SkippedRow[] = [];
  const byCode = new Map<string, number>();
  const byName = new Map<string, number>();
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index];
    const rowNumber = index + 1;
    if (!row.some((value) => value.trim() !== '')) continue;
    const skip = (reason: string) => skipped.push({ row: rowNumber, reason: `Row ${rowNumber}: ${reason}` });
    // Multi-page exports repeat their heading row.
    if (row.every((value, column) => !value.trim() || normalizeHeader(value) === headerCells[column])) {
      skip('repeated header row');
      continue;
    }
    const legalName = cell(row, 'legalName');
    const name = cell(row, 'name') || legalName;
    const code = cell(row, 'code') || null;
    if (!name) {
      skip(code ? `no vendor name (vendor code ${code})` : 'no vendor name');
      continue;
    }
    if (name.length > LIMITS.name) {
      skip(`the vendor name is longer than ${LIMITS.name} characters`);
      continue;
    }
    if (code && code.length > LIMITS.code) {
      skip(`the vendor code is longer than ${LIMITS.code} characters`);
      continue;
    }
    const normalizedName = normalizeVendorName(name);
    if (!normalizedName) {
      skip(`"${name}" is not a vendor name`);
      continue;
    }
    if (code) {
      const first = byCode.get(code.toLowerCase());
      if (first !== undefined) {
        skip(`vendor code ${code} already appears in row ${first}`);
        continue;
      }
      byCode.set(code.toLowerCase(), rowNumber);
    } else {
      const first = byName.get(normalizedName);
      if (first !== undefined) {
        skip(`"${name}" already appears in row ${first} (add vendor codes to keep both)`);
        continue;
      }
      byName.set(normalizedName, rowNumber);
    }
    const activeCell = cell(row, 'active');
    const inactiveCell = cell(row, 'inactive');
    const isActive = activeCell ? parseActive(activeCell) : inactiveCell ? invert(parseActive(inactiveCell)) : null;
    const stateZip = [cell(row, 'state'), cell(row, 'zip')].filter(Boolean).join(' ');
    const address = [cell(row, 'address'), cell(row, 'address2'), cell(row, 'city'), stateZip].filter(Boolean).join(', ');
    const email = cell(row, 'email');
    entries.push({
      row: rowNumber,
      code,
      name,
      legalName: legalName && legalName !== name ? legalName.slice(0, LIMITS.name) : null,
      normalizedName,
      isActive,
      address: address ? address.slice(0, LIMITS.other) : null,
      phone: cell(row, 'phone').slice(0, 50) || null,
      email: email ? email.slice(0, 320) : null,
      taxId: cell(row, 'taxId').slice(0, 50) || null,
    });
  }
  return { entries, skipped };
}

function invert(value: boolean | null): boolean | null {
  return value === null ? null : !value;
}
