/**
 * The issuer: a 'Seller' / 'Verkäufer' / 'From' / 'Remit To' block when the invoice labels one,
 * otherwise the letterhead (a company-looking name near the top of the first page, or in the
 * footer). Names inside the Bill To / Sold To / Ship To / Käufer blocks are never the vendor.
 */
import { findLabels, labelPatterns } from './labels';
import { regionOf, type Line } from './layout-lines';
import { columnRole, findTableHeader } from './table-columns';
import type { ExtractedField, VendorContact } from './types';

const SELLER = labelPatterns([
  'verkäufer',
  'rechnungsersteller',
  'lieferant',
  'leistungserbringer',
  'seller',
  'vendor',
  'supplier',
  'from',
  'remit to',
  'remit payment to',
  'please remit to',
  'vendeur',
  'fournisseur',
  'émetteur',
  'leverancier',
  'afzender',
]);
const BUYER = labelPatterns([
  'bill to',
  'billed to',
  'sold to',
  'ship to',
  'deliver to',
  'customer',
  'käufer',
  'käufer/leistungsempfänger',
  'kunde',
  'rechnungsempfänger',
  'warenempfänger',
  'leistungsempfänger',
  'lieferanschrift',
  'lieferadresse',
  'buyer',
  'invoice to',
  'client',
  'adresse de livraison',
  'adresse de facturation',
  'delivery address',
  'shipping address',
  'billing address',
  'acheteur',
  'destinataire',
  'facturé à',
  'livré à',
  'rechnungsadresse',
  'factuuradres',
  'afleveradres',
  'klant',
  'debiteur',
]);
const COMPANY =
  /\b(?:gmbh|ag|kg|ohg|e\.?\s?k\.?|ug|se|sarl|sas|sa|s\.a\.|eurl|ltd\.?|limited|llc|l\.l\.c\.|inc\.?|incorporated|corp\.?|corporation|co\.|company|plc|lp|llp|a\.g\.|versicherungsverein|supply|supplies|concrete|lumber|rental|rentals|electric|electrical|plumbing|trucking|construction|contractors?|services|materials|equipment|industries|group)\b/i;
const NOT_A_NAME =
  /(?:\b(?:please|payable|thank you|make checks)\b|invoice|rechnung|facture|factuur|avoir|page|seite|datum|\b(?:date|tel|fax|phone|e-?mail|iban|bic|ust|vat|btw|kvk|tax|nr|gln|eur|usd|gbp)\b|telefon|www\.|http|steuer|nummer|number|\d{4,}|@|stylesheet|zugferd|beispiel|copyright|\(c\)|\d{1,2}[.:]\d{2}\s*uhr)/i;
const LABEL_LINE = /^(?:name|firma|company)\s*:\s*/i;
/** The legal forms that end a company's name ('Fenwick Timber Ltd.'), as opposed to trade words. */
const LEGAL_FORM =
  /\b(?:gmbh|ag|kg|ug|se|sarl|sas|s\.a\.|eurl|b\.?v\.?|n\.?v\.?|ltd\.?|limited|llc|l\.l\.c\.|inc\.?|incorporated|corp\.?|corporation|plc|llp|lp)(?=$|[\s,;)])/i;
/** A capitalised run of up to six words ending in a legal form, inside a longer sentence. */
const NAME_IN_SENTENCE =
  /(?:^|\s)((?:(?:\p{Lu}[\p{L}\d&'’.-]*|&|of|and|und|et|en|de)\s+){0,5}\p{Lu}[\p{L}\d&'’.-]*,?\s+(?:GmbH|AG|KG|UG|SE|SARL|SAS|S\.A\.|EURL|B\.?V\.?|N\.?V\.?|Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Incorporated|Corp\.?|Corporation|PLC|plc|LLP|LP))(?=$|[\s,;)])/u;
/** Longer than this, a line is a sentence, not a name (unless it names a company inside). */
const MAX_NAME_WORDS = 7;
/** Address and routing lines of a party block: 'Attn: Accounts Payable', 'Suite 281', '3420 Enterprise Pkwy', 'Boise, ID 83753'. */
const ADDRESS_LINE =
  /^(?:attn|attention|c\/o|z\.?\s?hd\.?|suite|ste\.?|unit|apt\.?|floor|bldg\.?|building|p\.?\s?o\.?\s?box|postfach)\b|^\d+\s+\p{L}|,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?$/iu;
const PHONE = /(?:\+?\d[\d\s()./-]{6,}\d)/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

export interface VendorResult {
  vendor: ExtractedField<string> | null;
  contact: VendorContact;
  /** The letterhead's other candidates, best first (see ExtractedInvoice.vendorAlternatives). */
  alternatives: Array<ExtractedField<string>>;
}

/** How many other names are worth weighing against the vendor list. */
const ALTERNATIVES = 6;

export function findVendor(lines: Line[]): VendorResult {
  const buyerLines = blockLines(
    lines,
    findLabels(lines, BUYER).flatMap((m) => blockStarts(m.line, m.cell, m.rest)),
  );
  const letterhead = letterheadNames(lines, buyerLines);
  const found = sellerBlockName(lines, buyerLines) ?? letterhead.best;
  const others = (chosen: string | null) =>
    letterhead.candidates
      .filter((c, at, all) => c.text !== chosen && all.findIndex((other) => other.text === c.text) === at)
      .slice(0, ALTERNATIVES)
      .map((c) => named(c.text, c.line, c.cells, 0.5).field);
  if (!found) return { vendor: null, contact: {}, alternatives: others(null) };
  const vendor = { ...found.field, value: rejoinBrokenWords(found.field.value, lines) };
  return { vendor, contact: contactNear(lines, found.line), alternatives: others(found.field.value) };
}

/**
 * Some PDF writers space words apart inside ('Liefer ant GmbH'): rejoin two parts when the joined
 * word is printed whole elsewhere in the document ('Lieferantenstraße').
 */
function rejoinBrokenWords(name: string, lines: Line[]): string {
  if (!/\p{L} \p{Ll}/u.test(name)) return name;
  const words = new Set(lines.flatMap((line) => line.text.match(/\p{L}{4,}/gu) ?? []));
  const printed = (joined: string) => [...words].some((word) => word.startsWith(joined));
  return name.replace(/(\p{L}+) (\p{Ll}+)/gu, (both, left: string, right: string) => (printed(left + right) ? left + right : both));
}

/** Lines of the blocks under the given labels: same column, until a gap. */
function blockLines(lines: Line[], starts: Array<{ line: Line; x: number }>): Set<string> {
  const keys = new Set<string>();
  for (const start of starts) {
    const at = lines.indexOf(start.line);
    let previous = start.line;
    keys.add(key(start.line, start.x));
    for (let i = at + 1; i < lines.length && i < at + 10; i++) {
      const line = lines[i];
      if (line.page !== start.line.page || line.y - (previous.y + previous.height) > 2 * previous.height) break;
      const cell = line.cells.find((c) => Math.abs(c.x - start.x) < 25 || (c.x <= start.x + 5 && c.x + c.width > start.x));
      if (!cell) continue;
      keys.add(key(line, cell.x));
      previous = line;
    }
  }
  return keys;
}

/** A party label heads its block's column, and the column right of it when it stands alone ('Bill To:' | name). */
function blockStarts(line: Line, cell: Line['cells'][number], rest: string): Array<{ line: Line; x: number }> {
  const starts = [{ line, x: cell.x }];
  const right = line.cells[line.cells.indexOf(cell) + 1];
  if (!rest && right && right.x - (cell.x + cell.width) < 0.15 * line.pageWidth) starts.push({ line, x: right.x });
  return starts;
}

function key(line: Line, x: number): string {
  return `${line.index}:${Math.round(x / 25)}`;
}

/**
 * The name under a seller label: the first name-like entry of the block (a 'Name:' value, or a
 * line of its own), joined with the next entry when the name wraps ('MVM Musterhafter' /
 * 'Versicherungsverein Musterstadt a.G.').
 */
function sellerBlockName(lines: Line[], buyer: Set<string>): { field: ExtractedField<string>; line: Line } | null {
  for (const match of findLabels(lines, SELLER)) {
    // 'From: Acme Inc.' names the seller inline; 'From Previous' (a column header) does not.
    // 'FROM SUBCONTRACTOR:' is a longer label over its block.
    const blockLabel = /^[\p{L}\s]{0,30}:$/u.test(match.rest);
    if (match.rest && !blockLabel) {
      const inline = /:/.test(match.cell.text.slice(0, match.cell.text.length - match.rest.length));
      if (inline && isName(match.rest) && /^\p{Lu}/u.test(match.rest)) return named(match.rest, match.line, [match.cell], 0.9);
      continue;
    }
    const entries = blockEntries(lines, match.line, match.cell.x, buyer);
    const first = entries.findIndex((entry) => isName(entry.text));
    if (first < 0) continue;
    const name = entries[first];
    const next = entries[first + 1];
    const wraps = next && next.line.index === name.line.index + 1 && isName(next.text) && !COMPANY.test(name.text) && !/\d/.test(next.text);
    const text = wraps ? `${name.text} ${next.text}` : name.text;
    return named(text, name.line, [name.cell], 0.9);
  }
  return null;
}

interface Entry {
  text: string;
  line: Line;
  cell: Line['cells'][number];
}

/** The entries of a labelled block: cells under the label, and values after 'Name:'-style labels. */
function blockEntries(lines: Line[], labelLine: Line, x: number, buyer: Set<string>): Entry[] {
  const entries: Entry[] = [];
  let valueX: number | null = null;
  let previous = labelLine;
  for (let i = lines.indexOf(labelLine) + 1; i < lines.length && entries.length < 8; i++) {
    const line = lines[i];
    if (line.page !== labelLine.page || line.y - (previous.y + previous.height) > 3 * previous.height) break;
    const at = line.cells.findIndex((c) => Math.abs(c.x - x) < 30);
    const cell = line.cells[at];
    if (cell && buyer.has(key(line, cell.x))) break;
    if (cell && /:\s*$|^(?:name|nummer|number|anschrift|address)$/i.test(cell.text) && line.cells[at + 1]) {
      const value = line.cells[at + 1];
      valueX ??= value.x;
      if (/^(?:name|firma|company)\b/i.test(cell.text)) entries.push({ text: value.text.replace(/^:\s*/, ''), line, cell: value });
      else entries.push({ text: '', line, cell: value });
    } else if (cell) {
      entries.push({ text: cell.text.replace(LABEL_LINE, ''), line, cell });
    } else {
      const lone = valueX !== null ? line.cells.find((c) => Math.abs(c.x - valueX!) < 10) : undefined;
      if (!lone) continue;
      entries.push({ text: lone.text, line, cell: lone });
    }
    previous = line;
  }
  return entries;
}

interface Candidate {
  score: number;
  text: string;
  line: Line;
  cells: Line['cells'];
}

/** The letterhead's name (or null when nothing scores as one) and every candidate, best first. */
function letterheadNames(lines: Line[], buyer: Set<string>): { best: { field: ExtractedField<string>; line: Line } | null; candidates: Candidate[] } {
  const firstPage = lines[0]?.page;
  const domains = senderDomains(lines, buyer);
  const candidates: Candidate[] = [];
  const table = findTableHeader(lines);
  const tableStart = table?.header.lines[0].page === firstPage ? table.header.lines[0].index : undefined;
  for (const line of lines) {
    if (line.page !== firstPage) break;
    const position = line.y / line.pageHeight;
    const inHeader = position < 0.35;
    const inFooter = position > 0.85;
    if (!inHeader && !inFooter) continue;
    for (const [at, cell] of line.cells.entries()) {
      // A value after a label ('Währung: EUR') or a label before its value is no letterhead.
      if (buyer.has(key(line, cell.x)) || /:\s*$/.test(line.cells[at - 1]?.text ?? '') || /^:/.test(line.cells[at + 1]?.text ?? '')) continue;
      // The table and its header are below the letterhead: 'Description' is no issuer.
      if (tableStart !== undefined && inHeader && line.index >= tableStart) continue;
      // 'Les Ateliers Durand SARL - 12 rue des Tanneurs - 69002 Lyon': the name is the first part.
      const text = nameShape(cell.text.split(/\s+[-–|•●]\s+/)[0].trim());
      if (!text || !isName(text) || isColumnHeading(text)) continue;
      // Spelling the domain the invoice is sent from says more than a company word ('Sarl'), which a customer's name has too.
      let score =
        (COMPANY.test(text) ? 2 : 0) + (matchesDomain(text, domains) ? 2.5 : 0) + (inHeader ? 1 - position : 0.2) + Math.min(cell.height, 30) / 30;
      // An address printed beside or under it is what a sender's name has.
      if (addressBeside(lines, line, at)) score += 0.6;
      if (/^[\d\s]+$/.test(text) || text.length < 3) score -= 3;
      candidates.push({ score, text, line, cells: [cell] });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const plausible = candidates.filter((c) => c.score > 0);
  let best = candidates[0];
  if (!best || best.score < 1) return { best: null, candidates: plausible };
  // A logo's initials in large type ('KPS') stand for the name printed under them.
  if (/^[\p{Lu}&]{2,5}$/u.test(best.text)) best = candidates.find((other) => spells(best.text, other.text)) ?? best;
  return { best: named(best.text, best.line, best.cells, COMPANY.test(best.text) ? 0.75 : 0.5), candidates: plausible };
}

/**
 * The name a letterhead cell holds: a name printed twice in one line ('Brightline Signs Brightline
 * Signs', a logo's text beside the name) once; the company inside a legal sentence ('Goods supplied
 * by Fenwick Timber Ltd. under these terms') alone; any other sentence, nothing.
 */
function nameShape(text: string): string | null {
  const words = text.split(/\s+/);
  if (words.length >= 2 && words.length % 2 === 0) {
    const half = words.slice(0, words.length / 2).join(' ');
    if (
      half.toLowerCase() ===
      words
        .slice(words.length / 2)
        .join(' ')
        .toLowerCase()
    )
      return half;
  }
  if (words.length <= MAX_NAME_WORDS) return text;
  if (!LEGAL_FORM.test(text)) return null;
  return NAME_IN_SENTENCE.exec(text)?.[1].replace(/,$/, '') ?? null;
}

/**
 * A name heading an address: a street or city right of it on its line, or under it in the next
 * line, with nothing printed right above it in its column (a country or a street ending an
 * address block has its block above it).
 */
function addressBeside(lines: Line[], line: Line, at: number): boolean {
  const cell = line.cells[at];
  if (/\d/.test(cell.text)) return false;
  const inColumn = (other: Line | undefined) =>
    other && other.page === line.page && Math.abs(other.y - line.y) < 2.5 * line.height ? other.cells.filter((c) => Math.abs(c.x - cell.x) < 20) : [];
  if (inColumn(lines[line.index - 1]).length > 0) return false;
  if (line.cells.slice(at + 1, at + 3).some((c) => ADDRESS_LINE.test(c.text))) return true;
  return inColumn(lines[line.index + 1]).some((c) => ADDRESS_LINE.test(c.text));
}

/** A column heading alone ('Description', 'Qty', 'Amount'): the table's, never the issuer's. */
function isColumnHeading(text: string): boolean {
  const role = columnRole(text);
  return text.split(/\s+/).length <= 2 && role !== null && role !== 'other' && !COMPANY.test(text);
}

/** 'KPS' and 'Keller Plumbing & Supply': the initials are those of the name's first words. */
function spells(initials: string, name: string): boolean {
  const firsts = name
    .split(/[\s&,.-]+/)
    .filter((word) => word && !/^(?:and|of|the|und|et|en)$/i.test(word))
    .map((word) => word[0].toUpperCase())
    .join('');
  return name.length > initials.length + 3 && firsts.startsWith(initials.replace(/&/g, ''));
}

/** Mail providers whose domain says nothing about the sender. */
const FREE_MAIL =
  /^(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|icloud|me|aol|gmx|web|t-online|orange|free|wanadoo|proton|protonmail|mail|zoho)$/i;

/** The company labels of the web and e-mail domains printed outside the buyer's blocks ('kellermasonry' of ar@kellermasonry.com). */
function senderDomains(lines: Line[], buyer: Set<string>): string[] {
  const labels = new Set<string>();
  for (const line of lines) {
    for (const cell of line.cells) {
      if (buyer.has(key(line, cell.x))) continue;
      for (const match of cell.text.matchAll(/(?:@|www\.|https?:\/\/)([\p{L}\d-]+)\.[\p{L}.]{2,}/giu)) {
        const label = match[1].toLowerCase();
        if (label.length >= 4 && !FREE_MAIL.test(label)) labels.add(label);
      }
    }
  }
  return [...labels];
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\d]/gu, '');
}

/**
 * A name is the sender's when its first words spell the domain the invoice is sent from ('Acme
 * Concrete Supply Inc.' and acmeconcrete.com); a customer whose name merely starts with the same
 * letters ('Kellerbauinvest' and kellerbau.example) is not.
 */
function matchesDomain(name: string, domains: string[]): boolean {
  const words = name.split(/\s+/).map(squash).filter(Boolean);
  const prefixes = words.map((_, at) => words.slice(0, at + 1).join('')).filter((prefix) => prefix.length >= 4);
  return domains.some((domain) => prefixes.includes(domain.replace(/-/g, '')));
}

function isName(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length >= 2 &&
    trimmed.length <= 80 &&
    /\p{L}{2}/u.test(trimmed) &&
    !NOT_A_NAME.test(trimmed) &&
    !ADDRESS_LINE.test(trimmed) &&
    !/:\s*$/.test(trimmed) &&
    // A slogan or a question ('Pay it your way!') is no name.
    !/[!?]\s*$/.test(trimmed)
  );
}

function named(text: string, line: Line, cells: Line['cells'], confidence: number) {
  return { field: { value: text.replace(/\s+/g, ' ').trim(), confidence, region: regionOf(line, cells) }, line };
}

/** Address, phone and e-mail printed within a few lines under the vendor's name. */
function contactNear(lines: Line[], nameLine: Line): VendorContact {
  const contact: VendorContact = {};
  const at = lines.indexOf(nameLine);
  const address: string[] = [];
  const x = nameLine.cells[0]?.x ?? 0;
  for (let i = at; i < Math.min(lines.length, at + 8); i++) {
    const line = lines[i];
    if (line.page !== nameLine.page) break;
    const text = line.cells
      .filter((c) => Math.abs(c.x - x) < 40 || i === at)
      .map((c) => c.text)
      .join(' ');
    const email = EMAIL.exec(line.text);
    if (email && !contact.email) contact.email = email[0];
    const phone = /(?:tel|phone|fon|telefon|ph)[^\d+]*(\+?[\d\s()./-]{7,}\d)/i.exec(line.text) ?? (address.length ? PHONE.exec(text) : null);
    if (phone && !contact.phone && !/iban|ust|vat|gln/i.test(line.text)) contact.phone = (phone[1] ?? phone[0]).trim();
    if (
      i > at &&
      address.length < 3 &&
      /\d/.test(text) &&
      /\p{L}{3}/u.test(text) &&
      !EMAIL.test(text) &&
      !/tel|fon|phone|fax|ust|vat|gln|iban/i.test(text)
    ) {
      address.push(text.trim());
    }
  }
  if (address.length) contact.address = address.join(', ');
  return contact;
}
