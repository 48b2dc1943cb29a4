/**
 * Suggests vendors from the master for a name printed on an invoice. A name a user confirmed
 * before (an alias) wins outright; otherwise pg_trgm finds candidates through its GIN index and
 * they are ranked here by fuzzy token overlap and character trigrams, raised when the invoice's
 * phone, e-mail domain or street matches the vendor's.
 */
import type { VendorMatch } from '@contract/vendors';
import { NotFoundError, ValidationError } from '../../errors';
import {
  compactName,
  emailDomain,
  foldOcrConfusions,
  normalizeVendorName,
  phoneDigits,
  streetKey,
  tokenOverlap,
  trigramSimilarity,
  vendorNameTokens,
} from './vendor-names';
import type { VendorRow, VendorsRepository } from './vendors.repository';

export interface VendorMatchingDeps {
  repository: Pick<VendorsRepository, 'findAlias' | 'findByCode' | 'searchByName' | 'findByContact' | 'findById' | 'saveAlias'>;
}

export interface VendorHint {
  /** The vendor name as printed. */
  name: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** Candidates read from the database before ranking. */
const NAME_CANDIDATES = 40;
const CONTACT_CANDIDATES = 10;
/** Below this a suggestion is noise, unless a contact detail backs it. */
const MIN_SCORE = 0.35;
const BOOST = { phone: 0.25, email: 0.2, street: 0.15 };

export async function matchVendors(deps: VendorMatchingDeps, hint: VendorHint, limit = 5): Promise<VendorMatch[]> {
  const { repository } = deps;
  const printed = hint.name.trim();
  const normalized = normalizeVendorName(printed);
  const contact = { phoneDigits: phoneDigits(hint.phone), emailDomain: emailDomain(hint.email), street: streetKey(hint.address) };
  if (!normalized && !contact.phoneDigits && !contact.emailDomain) return [];

  const alias = normalized ? await repository.findAlias(normalized) : undefined;
  const byCode = printed && printed.length <= 100 ? await repository.findByCode(printed) : undefined;
  // One after the other: PGlite runs one statement at a time anyway, and the search is a transaction.
  const named = normalized ? await repository.searchByName(normalized, NAME_CANDIDATES) : [];
  const contacted = await repository.findByContact(contact, CONTACT_CANDIDATES);

  const ranked = new Map<string, { vendor: VendorRow; score: number; reason: VendorMatch['reason'] }>();
  const offer = (vendor: VendorRow, score: number, reason: VendorMatch['reason']) => {
    const current = ranked.get(vendor.id);
    if (!current || score > current.score) ranked.set(vendor.id, { vendor, score, reason });
  };
  if (alias) offer(alias, 1, 'alias');
  if (byCode) offer(byCode, 1, 'code');
  const query = nameForms(normalized);
  for (const vendor of [...named, ...contacted]) {
    const nameScore = normalized ? scoreName(query, nameForms(vendor.normalizedName)) : 0;
    const boost = contactBoost(contact, vendor);
    // A matching phone or domain vouches for the vendor even when the printed name is mangled.
    const base = boost > 0 ? Math.max(nameScore, 0.5) : nameScore;
    const score = Math.min(nameScore === 1 ? 1 : 0.99, base + boost);
    if (score < MIN_SCORE) continue;
    offer(vendor, score, boost > 0 && score > nameScore ? 'contact' : 'name');
  }

  return [...ranked.values()]
    .map((m) => ({ ...m, score: Math.round(m.score * 1000) / 1000 }))
    .sort((a, b) => b.score - a.score || Number(b.vendor.isActive) - Number(a.vendor.isActive) || a.vendor.name.localeCompare(b.vendor.name))
    .slice(0, limit)
    .map(({ vendor, score, reason }) => ({ vendor_id: vendor.id, name: vendor.name, score, reason }));
}

/** The next invoice printing `printedName` matches `vendorId` first time (score 1, reason 'alias'). */
export async function rememberVendorAlias(deps: VendorMatchingDeps, printedName: string, vendorId: string, userId: string | null): Promise<void> {
  const alias = normalizeVendorName(printedName);
  if (!alias) throw new ValidationError('The vendor name to remember is empty.', 'invalid_alias');
  if (!(await deps.repository.findById(vendorId))) throw new NotFoundError('Vendor not found');
  await deps.repository.saveAlias(alias, vendorId, userId);
}

interface NameForms {
  normalized: string;
  tokens: string[];
  compact: string;
}

function nameForms(normalized: string): NameForms {
  return { normalized, tokens: vendorNameTokens(normalized), compact: compactName(normalized) };
}

/** 1 for the same normalised name; otherwise below 1, mixing word-level and character-level likeness. */
function scoreName(a: NameForms, b: NameForms): number {
  if (a.normalized === b.normalized) return 1;
  if (a.compact === b.compact) return 0.98;
  if (foldOcrConfusions(a.compact) === foldOcrConfusions(b.compact)) return 0.97;
  const tokens = tokenOverlap(a.tokens, b.tokens);
  // Per word and over the whole name run together, so split or joined words ("a 1"/"a1") still count.
  const chars = Math.max(
    trigramSimilarity(foldOcrConfusions(a.normalized), foldOcrConfusions(b.normalized)),
    trigramSimilarity(foldOcrConfusions(a.compact), foldOcrConfusions(b.compact)),
  );
  return Math.min(0.96, 0.6 * tokens + 0.4 * chars);
}

function contactBoost(contact: { phoneDigits: string | null; emailDomain: string | null; street: string | null }, vendor: VendorRow): number {
  let boost = 0;
  if (contact.phoneDigits && contact.phoneDigits === phoneDigits(vendor.phone)) boost += BOOST.phone;
  if (contact.emailDomain && contact.emailDomain === emailDomain(vendor.email)) boost += BOOST.email;
  if (contact.street && contact.street === streetKey(vendor.address)) boost += BOOST.street;
  return boost;
}
