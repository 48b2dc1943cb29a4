import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vendorAliases, vendors } from '../../db/schema';

export type VendorRow = typeof vendors.$inferSelect;
export type NewVendorRow = Omit<typeof vendors.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type VendorChanges = Partial<NewVendorRow>;

/** What an import needs to know of each vendor already in the master to decide insert or update. */
export interface VendorKey {
  id: string;
  code: string | null;
  normalizedName: string;
}

export interface VendorImportPlan<T> {
  inserts: NewVendorRow[];
  updates: Array<{ id: string; changes: VendorChanges }>;
  result: T;
}

type ScoredVendorRow = VendorRow & { similarity: number };

/** Any constant: serialises vendor imports across instances so two lists never race on one name. */
const IMPORT_LOCK_KEY = 4_242_005;
const INSERT_BATCH = 500;
/**
 * pg_trgm thresholds for candidate search, set per transaction: `%` (whole-name similarity) and
 * `<%` (the query as a part of a longer name). Low enough for OCR noise; ranking happens after.
 */
const SIMILARITY_THRESHOLD = 0.25;
const WORD_SIMILARITY_THRESHOLD = 0.5;

export function createVendorsRepository(db: Database) {
  return { ...vendorMaster(db), ...vendorMatching(db) };
}

export type VendorsRepository = ReturnType<typeof createVendorsRepository>;

/** The vendor master itself: read by id, code or name, and replaced by imports. */
function vendorMaster(db: Database) {
  return {
    async list(): Promise<VendorRow[]> {
      return db
        .select()
        .from(vendors)
        .orderBy(sql`lower(${vendors.name})`, asc(vendors.id));
    },

    async findById(id: string): Promise<VendorRow | undefined> {
      const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
      return row;
    },

    /** Active vendors first: a confirmed name should land on the vendor still in use. */
    async findByNormalizedName(normalized: string): Promise<VendorRow | undefined> {
      const [row] = await db
        .select()
        .from(vendors)
        .where(eq(vendors.normalizedName, normalized))
        .orderBy(desc(vendors.isActive), asc(vendors.createdAt))
        .limit(1);
      return row;
    },

    async findByCode(code: string): Promise<VendorRow | undefined> {
      const [row] = await db.select().from(vendors).where(eq(vendors.code, code)).limit(1);
      return row;
    },

    /**
     * One import in one transaction, serialised with any other: `plan` sees every vendor's key
     * and decides; its inserts and updates are written together or not at all.
     */
    async importVendors<T>(plan: (existing: VendorKey[]) => VendorImportPlan<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
        const existing = await tx.select({ id: vendors.id, code: vendors.code, normalizedName: vendors.normalizedName }).from(vendors);
        const { inserts, updates, result } = plan(existing);
        for (let start = 0; start < inserts.length; start += INSERT_BATCH) {
          await tx.insert(vendors).values(inserts.slice(start, start + INSERT_BATCH));
        }
        for (const { id, changes } of updates) {
          await tx
            .update(vendors)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(eq(vendors.id, id));
        }
        return result;
      });
    },
  };
}

/** Candidates for a name read off an invoice: similar names, the same contact, aliases users confirmed. */
function vendorMatching(db: Database) {
  return {
    /**
     * Vendors whose normalised name is like `normalized`, most similar first. `partial` (a picker
     * search as the user types) also finds names that merely contain or start with it.
     */
    async searchByName(normalized: string, limit: number, options: { partial?: boolean } = {}): Promise<ScoredVendorRow[]> {
      return withTrigramThresholds(db, async (tx) => {
        const score = options.partial
          ? sql<number>`greatest(similarity(${vendors.normalizedName}, ${normalized}), word_similarity(${normalized}, ${vendors.normalizedName}))`
          : sql<number>`similarity(${vendors.normalizedName}, ${normalized})`;
        const matches = options.partial
          ? sql`${vendors.normalizedName} % ${normalized} or ${normalized} <% ${vendors.normalizedName} or ${vendors.normalizedName} like ${`${normalized}%`}`
          : sql`${vendors.normalizedName} % ${normalized}`;
        const rows = await tx
          .select({ vendor: vendors, similarity: score })
          .from(vendors)
          .where(matches)
          .orderBy(sql`${score} desc`, sql`lower(${vendors.name})`)
          .limit(limit);
        return rows.map((r) => ({ ...r.vendor, similarity: Number(r.similarity) }));
      });
    },

    /** Vendors with this phone number (last ten digits) or this e-mail domain. */
    async findByContact(contact: { phoneDigits: string | null; emailDomain: string | null }, limit: number): Promise<VendorRow[]> {
      if (!contact.phoneDigits && !contact.emailDomain) return [];
      const conditions = [];
      if (contact.phoneDigits) conditions.push(sql`right(regexp_replace(${vendors.phone}, '[^0-9]', '', 'g'), 10) = ${contact.phoneDigits}`);
      if (contact.emailDomain) conditions.push(sql`lower(split_part(${vendors.email}, '@', 2)) = ${contact.emailDomain}`);
      return db
        .select()
        .from(vendors)
        .where(sql.join(conditions, sql` or `))
        .limit(limit);
    },

    async findAlias(alias: string): Promise<VendorRow | undefined> {
      const [row] = await db
        .select({ vendor: vendors })
        .from(vendorAliases)
        .innerJoin(vendors, eq(vendors.id, vendorAliases.vendorId))
        .where(eq(vendorAliases.alias, alias))
        .limit(1);
      return row?.vendor;
    },

    async saveAlias(alias: string, vendorId: string, confirmedBy: string | null): Promise<void> {
      await db
        .insert(vendorAliases)
        .values({ alias, vendorId, confirmedBy })
        .onConflictDoUpdate({ target: vendorAliases.alias, set: { vendorId, confirmedBy, updatedAt: sql`now()` } });
    },
  };
}

/** Runs `query` with the trigram thresholds in force; both operators use the GIN index. */
async function withTrigramThresholds<T>(db: Database, query: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // The planner prices trigram checks at C speed and scans a few thousand rows instead; in
    // PGlite's WebAssembly that scan costs about twice the GIN index (measured on 2,000 vendors).
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true),
                 set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
                 set_config('enable_seqscan', 'off', true)`,
    );
    return query(tx as unknown as Database);
  });
}
