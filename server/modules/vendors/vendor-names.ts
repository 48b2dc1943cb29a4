/**
 * Vendor names as they are compared: one canonical form for the master and for what an invoice
 * prints, plus the token and contact helpers that vendor matching scores with. Pure functions.
 */

const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'co',
  'company',
  'corp',
  'corporation',
  'ltd',
  'limited',
  'lp',
  'llp',
  'pllc',
  'plc',
  'pc',
  'gmbh',
  'sarl',
  'sa',
]);

/** Abbreviations invoices print for words a vendor master spells out (and the other way round). */
const ABBREVIATIONS: Record<string, string> = {
  bros: 'brothers',
  bro: 'brother',
  sup: 'supply',
  supp: 'supply',
  spply: 'supply',
  mfg: 'manufacturing',
  mfrs: 'manufacturers',
  equip: 'equipment',
  eqpt: 'equipment',
  elec: 'electric',
  intl: 'international',
  natl: 'national',
  svc: 'service',
  svcs: 'services',
  serv: 'services',
  assoc: 'associates',
  mech: 'mechanical',
  const: 'construction',
  constr: 'construction',
  contr: 'contractors',
  ctr: 'center',
  dist: 'distributors',
  distr: 'distributors',
  matls: 'materials',
  mtls: 'materials',
  hdwe: 'hardware',
  hdw: 'hardware',
  plbg: 'plumbing',
  ent: 'enterprises',
  ents: 'enterprises',
  bldg: 'building',
  bldrs: 'builders',
  concr: 'concrete',
  engr: 'engineering',
  engrg: 'engineering',
  mgmt: 'management',
  rent: 'rental',
  rentals: 'rental',
};

const LIGHT_TOKENS = new Set(['and', 'of', 'the']);

/** Webmail domains say nothing about who sent an invoice. */
const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'comcast.net',
  'att.net',
  'sbcglobal.net',
  'verizon.net',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'mail.com',
  'zoho.com',
]);

/**
 * Canonical vendor name: lowercase ASCII, '&' as 'and', no punctuation, common abbreviations
 * spelled out, no legal suffixes at the end, no leading 'the'. Empty only when the name has no
 * letters or digits at all.
 */
export function normalizeVendorName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // "L.L.C.", "O'Brien": dots and apostrophes join; every other mark separates words.
    .replace(/['’`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word);
  const all = words.join(' ');
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1])) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  // A name that is only a legal form ("The Company", "Inc.") keeps it rather than becoming empty.
  const kept = words.join(' ');
  return kept === 'the' || (words.length === 1 && LEGAL_SUFFIXES.has(kept)) ? all : kept;
}

export function vendorNameTokens(normalized: string): string[] {
  return normalized.split(' ').filter(Boolean);
}

/** The name without spaces: "a 1 equipment" and "a1 equipment" are the same vendor. */
export function compactName(normalized: string): string {
  return normalized.replace(/ /g, '');
}

/** Folds the characters OCR confuses (0/o, 1/l/i, 5/s, 8/b, rn/m, vv/w, cl/d) onto one spelling. */
export function foldOcrConfusions(text: string): string {
  return text
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/cl/g, 'd')
    .replace(/0/g, 'o')
    .replace(/[1i]/g, 'l')
    .replace(/5/g, 's')
    .replace(/8/g, 'b');
}

/** 0..1: how alike two name tokens are (equal, OCR-alike, abbreviated, or a letter or two apart). */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (foldOcrConfusions(a) === foldOcrConfusions(b)) return 0.95;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 3 && long.startsWith(short)) return 0.85;
  if (short.length < 3) return 0;
  const distance = editDistance(foldOcrConfusions(a), foldOcrConfusions(b));
  const ratio = 1 - distance / long.length;
  return ratio >= 0.7 ? ratio * 0.9 : 0;
}

function tokenWeight(token: string): number {
  if (LIGHT_TOKENS.has(token)) return 0.25;
  return token.length === 1 ? 0.5 : 1;
}

/**
 * 0..1: weighted fuzzy Dice coefficient of two token lists; each token of `a` pairs with its most
 * similar unused token of `b`, so extra words on either side lower the score.
 */
export function tokenOverlap(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const used = new Set<number>();
  let matched = 0;
  for (const token of a) {
    let best = 0;
    let bestIndex = -1;
    b.forEach((other, index) => {
      if (used.has(index)) return;
      const similarity = tokenSimilarity(token, other);
      if (similarity > best) [best, bestIndex] = [similarity, index];
    });
    if (bestIndex < 0) continue;
    used.add(bestIndex);
    matched += best * ((tokenWeight(token) + tokenWeight(b[bestIndex])) / 2);
  }
  const total = a.reduce((sum, t) => sum + tokenWeight(t), 0) + b.reduce((sum, t) => sum + tokenWeight(t), 0);
  return (2 * matched) / total;
}

/** pg_trgm's similarity, computed the same way (words padded with two spaces before, one after). */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.split(' ').filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** Damerau-Levenshtein (optimal string alignment): a swapped pair costs one. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The last ten digits of a phone number (US numbers with or without the leading 1), or null. */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 7) return null;
  return digits.slice(-10);
}

/** The e-mail's domain, or null for webmail and malformed addresses. */
export function emailDomain(email: string | null | undefined): string | null {
  const match = /@([a-z0-9.-]+\.[a-z]{2,})\s*$/i.exec((email ?? '').trim());
  if (!match) return null;
  const domain = match[1].toLowerCase().replace(/^(mail|email)\./, '');
  return FREE_MAIL_DOMAINS.has(domain) ? null : domain;
}

const DIRECTIONS = new Set(['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw', 'north', 'south', 'east', 'west']);

/** Street number and street name ("1200 industrial") from an address, or null. */
export function streetKey(address: string | null | undefined): string | null {
  const words = (address ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ');
  for (let i = 0; i < words.length - 1; i++) {
    if (!/^\d{1,6}$/.test(words[i])) continue;
    const name = words.slice(i + 1).find((word) => !DIRECTIONS.has(word));
    if (name && /[a-z]/.test(name)) return `${words[i]} ${name}`;
  }
  return null;
}
