import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { B, idf, K1, searchBm25, TITLE_BOOST, type QueryTerm } from './bm25.repository';
import { rowsOf } from './retrieval.repository';
import { createRetrievalService, type RetrievalService } from './retrieval.service';
import { rebuildTermStats } from './term-stats.repository';

/** A small deterministic random source, so the corpus and questions are the same every run. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** Made-up words with Zipf-like frequencies: a few everywhere, most rare. */
const WORDS = Array.from({ length: 60 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`);

interface StoredPassage {
  id: string;
  title: string;
  tf: Record<string, [number, number]>;
  length: number;
}

/** BM25F as bm25.repository.ts defines it, computed in JavaScript over every passage: the reference. */
function bruteForce(passages: StoredPassage[], terms: QueryTerm[], limit: number) {
  const n = passages.length;
  const average = passages.reduce((sum, p) => sum + p.length, 0) / n;
  const df = (lexeme: string) => passages.filter((p) => p.tf[lexeme]).length;
  return passages
    .map((p) => {
      let score = 0;
      for (const term of terms) {
        const counts = p.tf[term.lexeme];
        if (!counts) continue;
        const tf = counts[0] + TITLE_BOOST * counts[1];
        score += term.weight * idf(n, df(term.lexeme)) * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * p.length) / average)));
      }
      return { id: p.id, score };
    })
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

describe.each(databaseKinds)('BM25 ranking (%s)', (kind) => {
  let database: TestDatabase;
  let service: RetrievalService;
  let owner: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createRetrievalService({ db: database.handle.db });
    [{ id: owner }] = await database.handle.db.insert(users).values({ issuer: 'test', subject: 'bm25' }).returning({ id: users.id });
  });
  afterAll(() => database.dispose());

  it('returns exactly the top passages a full BM25 scan finds, scores included', async () => {
    const next = random(7);
    const word = () => WORDS[Math.min(WORDS.length - 1, Math.floor(WORDS.length * next() ** 3))];
    for (let d = 0; d < 30; d++) {
      const pages = Array.from({ length: 6 }, () => ({ page: 1, text: Array.from({ length: 8 + Math.floor(next() * 40) }, word).join(' ') }));
      await service.indexUploadedDocument({ ownerId: owner, documentId: crypto.randomUUID(), title: `${word()} ${word()}`, pages });
    }
    const stored = rowsOf<StoredPassage>(
      await database.handle.db.execute(
        sql`select id, document_title as title, term_freqs as tf, term_count as length from retrieval_chunks where owner_id = ${owner}`,
      ),
    );
    for (let q = 0; q < 12; q++) {
      const terms: QueryTerm[] = Array.from({ length: 1 + (q % 4) }, (_, i) => ({ lexeme: word(), weight: i === 0 ? 1 : 0.4, concept: i }));
      const unique = [...new Map(terms.map((t) => [t.lexeme, t])).values()];
      const expected = bruteForce(stored, unique, 5).map((row) => expect.closeTo(row.score, 9));
      // One search that scores everything at once, one that starts from the rarest term and prunes,
      // and one that reads each term count from the stored (compressed) passage instead of a copy.
      for (const tuning of [{ firstRound: 10_000 }, { firstRound: 1 }, { firstRound: 1, decompressOnceUpTo: 0 }]) {
        const found = await searchBm25(database.handle.db, { corpus: 'uploaded', ownerId: owner }, unique, 5, tuning);
        expect(found.map((row) => row.score)).toEqual(expected);
      }
    }
  });

  it('weighs a title word above a body word, a short passage above a long one, the user’s word above a synonym', async () => {
    const documentId = crypto.randomUUID();
    await service.indexUploadedDocument({
      ownerId: owner,
      documentId,
      title: 'Debit notes',
      pages: [{ page: 1, text: 'A short note on quarry stone pricing.' }],
    });
    const [titled] = await service.searchUploaded(owner, 'debit', { documentIds: [documentId] });
    expect(titled.relevance).toBe(1);

    const long = crypto.randomUUID();
    const short = crypto.randomUUID();
    await service.indexUploadedDocument({ ownerId: owner, documentId: short, title: 'A', pages: [{ page: 1, text: 'Holdback on gravel.' }] });
    await service.indexUploadedDocument({
      ownerId: owner,
      documentId: long,
      title: 'B',
      pages: [{ page: 1, text: `Holdback on gravel. ${'Other words about sand and cement pricing follow here. '.repeat(12)}` }],
    });
    const ranked = await service.searchUploaded(owner, 'holdback gravel', { documentIds: [short, long] });
    expect(ranked.map((p) => p.documentKey)).toEqual([short, long]);

    // 'retention' typed: a passage saying retention beats one saying retainage (a synonym), but both are found.
    const typed = crypto.randomUUID();
    const synonym = crypto.randomUUID();
    await service.indexUploadedDocument({
      ownerId: owner,
      documentId: typed,
      title: 'C',
      pages: [{ page: 1, text: 'Retention is released at completion.' }],
    });
    await service.indexUploadedDocument({
      ownerId: owner,
      documentId: synonym,
      title: 'D',
      pages: [{ page: 1, text: 'Retainage is released at completion.' }],
    });
    const both = await service.searchUploaded(owner, 'retention', { documentIds: [typed, synonym] });
    expect(both.map((p) => p.documentKey)).toEqual([typed, synonym]);
    expect(both[0].relevance).toBeGreaterThan(both[1].relevance);
  });

  it('keeps the term statistics equal to a recount through adds, renames and deletes', async () => {
    const snapshot = async () =>
      rowsOf<{ scope_key: string; lexeme: string; df: number }>(
        await database.handle.db.execute(sql`select scope_key, lexeme, df from retrieval_term_stats order by 1, 2`),
      );
    const documentId = crypto.randomUUID();
    await service.indexUploadedDocument({
      ownerId: owner,
      documentId,
      title: 'Lien waivers',
      pages: [{ page: 1, text: 'Conditional lien waiver.' }],
    });
    await service.renameUploadedDocument(owner, documentId, 'Unconditional releases');
    await service.deleteUploadedDocument(owner, crypto.randomUUID());
    const kept = await snapshot();
    await rebuildTermStats(database.handle.db);
    expect(await snapshot()).toEqual(kept);
    await service.deleteUploadedDocument(owner, documentId);
    const afterDelete = await snapshot();
    await rebuildTermStats(database.handle.db);
    expect(await snapshot()).toEqual(afterDelete);
  });

  it('puts the passage with the rare word first among 100,000 passages full of common words', { timeout: 240_000 }, async () => {
    const db = database.handle.db;
    const [{ id: big }] = await db.insert(users).values({ issuer: 'test', subject: 'big-library' }).returning({ id: users.id });
    // Loaded in batches: each statement stays well inside the statement timeout on a busy machine.
    for (let from = 1; from <= 100_000; from += 20_000) {
      await db.execute(sql`
        insert into retrieval_chunks (corpus, owner_id, document_key, document_title, heading_path, page, ordinal, content)
        select 'uploaded', ${big}::uuid, 'doc-' || (g / 50), 'Vendor payments ' || (g / 50), '', 1, g % 50,
          'vendor payment invoice approval vendor payment batch ' || (case when g = 73519 then 'escheatment' else 'invoice' end)
        from generate_series(${from}::int, ${from + 19_999}::int) g`);
    }
    await rebuildTermStats(db);
    const [first] = await service.searchUploaded(big, 'vendor payment escheatment', { limit: 3 });
    expect(first.text).toContain('escheatment');
  });
});
