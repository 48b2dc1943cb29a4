import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guideArticles, retrievalChunks } from '../../db/schema';

type Corpus = 'guide' | 'uploaded';

/** Which passages a search may see. The owner filter is part of every uploaded-corpus query. */
export type Scope = { corpus: 'guide' } | { corpus: 'uploaded'; ownerId: string; documentIds?: string[] };

export interface ChunkRow {
  id: string;
  corpus: Corpus;
  documentKey: string;
  documentTitle: string;
  headingPath: string;
  page: number | null;
  content: string;
  score: number;
  /** 0..1: the share of the question's information the passage holds (see Passage.relevance). */
  relevance?: number;
}

interface NewChunk {
  headingPath: string;
  page: number | null;
  content: string;
}

/** tsquery texts (canonical, from Postgres): what must match, what ranks, one per concept. */
interface KeywordQuery {
  match: string;
  rank: string;
  concepts: string[];
}

type GuideArticleRow = typeof guideArticles.$inferSelect;

const SHORTLIST_FACTOR = 10;
const SHORTLIST_MIN = 100;
/**
 * At most this many matching passages are scored. A question made only of words that occur in
 * nearly every passage would otherwise rank the whole corpus (tens of milliseconds at 100,000
 * passages); such words say little about which passage is best anyway. The built-in guide is far
 * below this size (a few hundred passages), so its ranking does not change.
 */
const CANDIDATE_LIMIT = 1_000;

/** Any constant works; it only has to be the same for every KAI instance. */
const INDEX_LOCK_CLASS = 4_242_010;

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function scopeFilter(scope: Scope): SQL {
  if (scope.corpus === 'guide') return sql`c.corpus = 'guide'`;
  const documents =
    scope.documentIds === undefined
      ? sql``
      : sql` and c.document_key in (select jsonb_array_elements_text(${JSON.stringify(scope.documentIds)}::jsonb))`;
  return sql`c.corpus = 'uploaded' and c.owner_id = ${scope.ownerId}::uuid${documents}`;
}

const chunkColumns = sql`c.id, c.corpus, c.document_key as "documentKey", c.document_title as "documentTitle",
  c.heading_path as "headingPath", c.page, c.content`;

export function createRetrievalRepository(db: Database) {
  return { ...searchQueries(db), ...documentChunks(db), ...guideArticleQueries(db) };
}

export type RetrievalRepository = ReturnType<typeof createRetrievalRepository>;

/** Full-text search: the question's words as Postgres parses them, then passages ranked against them. */
function searchQueries(db: Database) {
  return {
    /**
     * Each alternative as Postgres' English parser sees it (stemmed, stop words dropped), in
     * canonical tsquery text; '' when nothing is left. The text goes in as a bound parameter.
     */
    async toTsqueries(alternatives: string[]): Promise<Map<string, string>> {
      const result = await db.execute(sql`
        select a.value as alternative, phraseto_tsquery('english', a.value)::text as query
        from json_array_elements_text(${JSON.stringify(alternatives)}::json) as a(value)`);
      return new Map(rowsOf<{ alternative: string; query: string }>(result).map((r) => [r.alternative, r.query]));
    },

    /**
     * Full-text search. `match` selects passages. The score puts passages that cover more of
     * the question's concepts first, then orders by `ts_rank_cd` over `rank` (titles and
     * headings weigh A, body text B; normalisation 1|32: longer passages need more hits, and
     * the rank stays below 1). `ts_rank_cd` costs about three times `ts_rank`, so the cheap
     * rank picks a shortlist first and only the shortlist gets the cover-density rank.
     */
    async searchKeyword(scope: Scope, query: KeywordQuery, limit: number): Promise<ChunkRow[]> {
      const coverage =
        query.concepts.length > 1
          ? sql`(${sql.join(
              query.concepts.map((q) => sql`(c.search @@ ${q}::tsquery)::int`),
              sql` + `,
            )})::float8 / ${query.concepts.length}`
          : sql`1::float8`;
      const result = await db.execute(sql`
        select s.id, s.corpus, s."documentKey", s."documentTitle", s."headingPath", s.page, s.content,
          (s.coverage + ts_rank_cd(s.search, ${query.rank}::tsquery, 33))::float8 as score, s.coverage::float8 as relevance
        from (
          select ${chunkColumns}, c.search, c.ordinal, ${coverage} as coverage
          from (
            select * from retrieval_chunks c
            where ${scopeFilter(scope)} and c.search @@ ${query.match}::tsquery
            limit ${CANDIDATE_LIMIT}
          ) c
          order by ${coverage} + ts_rank(c.search, ${query.rank}::tsquery, 33) desc
          limit ${Math.max(limit * SHORTLIST_FACTOR, SHORTLIST_MIN)}
        ) s
        order by score desc, s."documentKey", s.ordinal
        limit ${limit}`);
      return rowsOf<ChunkRow>(result);
    },
  };
}

/** An uploaded document's passages, in its owner's files or (a knowledge upload) the guide: replaced and removed whole. */
function documentChunks(db: Database) {
  return {
    /** Replaces one document's chunks atomically; concurrent writers of that document queue. */
    async replaceChunks(
      document: { corpus: Corpus; ownerId: string | null; documentKey: string; title: string },
      chunks: NewChunk[],
      inTransaction?: (tx: Database, ids: string[]) => Promise<void>,
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        await lockDocument(tx, document.corpus, document.ownerId, document.documentKey);
        await deleteChunks(tx, document.corpus, document.ownerId, document.documentKey);
        const ids = await insertChunks(tx, document, chunks);
        if (inTransaction) await inTransaction(tx, ids);
        return ids;
      });
    },

    async deleteDocument(corpus: Corpus, ownerId: string | null, documentKey: string): Promise<void> {
      await deleteChunks(db, corpus, ownerId, documentKey);
    },

    /**
     * A document's passages under its new title (citations show it; the search column follows).
     * Only passages whose title differs are written: re-uploading under the same name rewrites nothing.
     */
    async renameDocument(ownerId: string, documentKey: string, title: string): Promise<void> {
      await db
        .update(retrievalChunks)
        .set({ documentTitle: title })
        .where(
          and(
            eq(retrievalChunks.corpus, 'uploaded'),
            eq(retrievalChunks.ownerId, ownerId),
            eq(retrievalChunks.documentKey, documentKey),
            ne(retrievalChunks.documentTitle, title),
          ),
        );
    },
  };
}

/** The guide's articles: each written with its passages, so the index never holds half an article. */
function guideArticleQueries(db: Database) {
  return {
    async listGuideArticles(): Promise<GuideArticleRow[]> {
      return db.select().from(guideArticles);
    },

    /**
     * Writes an article and its chunks in one transaction, unless another instance indexed the
     * same content meanwhile. Returns false when there was nothing to do.
     */
    async saveGuideArticle(
      article: { slug: string; title: string; contentHash: string; origin: 'builtin' | 'custom' },
      chunks: NewChunk[],
      afterInsert?: (tx: Database, ids: string[]) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockDocument(tx, 'guide', null, article.slug);
        const [current] = await tx.select().from(guideArticles).where(eq(guideArticles.slug, article.slug));
        if (current?.contentHash === article.contentHash && current.title === article.title && current.origin === article.origin) {
          return false;
        }
        await deleteChunks(tx, 'guide', null, article.slug);
        const ids = await insertChunks(tx, { corpus: 'guide', ownerId: null, documentKey: article.slug, title: article.title }, chunks);
        if (afterInsert) await afterInsert(tx, ids);
        await tx
          .insert(guideArticles)
          .values({ ...article, indexedAt: new Date() })
          .onConflictDoUpdate({
            target: guideArticles.slug,
            set: { title: article.title, contentHash: article.contentHash, origin: article.origin, indexedAt: new Date() },
          });
        return true;
      });
    },

    async removeGuideArticle(slug: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockDocument(tx, 'guide', null, slug);
        await deleteChunks(tx, 'guide', null, slug);
        await tx.delete(guideArticles).where(eq(guideArticles.slug, slug));
      });
    },
  };
}

async function lockDocument(tx: Database, corpus: Corpus, ownerId: string | null, documentKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INDEX_LOCK_CLASS}, hashtext(${`${corpus}:${ownerId ?? ''}:${documentKey}`}))`);
}

async function deleteChunks(db: Database, corpus: Corpus, ownerId: string | null, documentKey: string): Promise<void> {
  await db
    .delete(retrievalChunks)
    .where(
      and(
        eq(retrievalChunks.corpus, corpus),
        ownerId === null ? sql`${retrievalChunks.ownerId} is null` : eq(retrievalChunks.ownerId, ownerId),
        eq(retrievalChunks.documentKey, documentKey),
      ),
    );
}

const INSERT_BATCH = 500;

async function insertChunks(
  db: Database,
  document: { corpus: Corpus; ownerId: string | null; documentKey: string; title: string },
  chunks: NewChunk[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
    const rows = chunks.slice(i, i + INSERT_BATCH).map((chunk, k) => ({
      corpus: document.corpus,
      ownerId: document.ownerId,
      documentKey: document.documentKey,
      documentTitle: document.title,
      headingPath: chunk.headingPath,
      page: chunk.page,
      ordinal: i + k,
      content: chunk.content,
    }));
    const inserted = await db.insert(retrievalChunks).values(rows).returning({ id: retrievalChunks.id, ordinal: retrievalChunks.ordinal });
    inserted.sort((a, b) => a.ordinal - b.ordinal).forEach((row) => ids.push(row.id));
  }
  return ids;
}
