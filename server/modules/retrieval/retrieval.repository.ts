import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guideArticles, retrievalChunks } from '../../db/schema';
import { addTermStats, chunksWithIds, removeTermStats, scopeKeyOf } from './term-stats.repository';

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

type GuideArticleRow = typeof guideArticles.$inferSelect;

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

export function createRetrievalRepository(db: Database) {
  return { ...searchQueries(db), ...documentChunks(db), ...guideArticleQueries(db) };
}

export type RetrievalRepository = ReturnType<typeof createRetrievalRepository>;

/** The question's words as Postgres parses them; ranking is in bm25.repository.ts. */
function searchQueries(db: Database) {
  return {
    /** Each text as Postgres' English parser indexes it: stemmed lexemes, stop words dropped. */
    async lexemesOf(texts: string[]): Promise<Map<string, string[]>> {
      const result = await db.execute(sql`
        select a.value as text, tsvector_to_array(to_tsvector('english', a.value)) as lexemes
        from json_array_elements_text(${JSON.stringify(texts)}::json) as a(value)`);
      return new Map(rowsOf<{ text: string; lexemes: string[] }>(result).map((r) => [r.text, r.lexemes]));
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
      await db.transaction(async (tx) => {
        await lockDocument(tx, corpus, ownerId, documentKey);
        await deleteChunks(tx, corpus, ownerId, documentKey);
      });
    },

    /**
     * A document's passages under its new title (citations show it; the search column follows).
     * Only passages whose title differs are written: re-uploading under the same name rewrites nothing.
     */
    async renameDocument(ownerId: string, documentKey: string, title: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockDocument(tx, 'uploaded', ownerId, documentKey);
        const renamed = and(
          eq(retrievalChunks.corpus, 'uploaded'),
          eq(retrievalChunks.ownerId, ownerId),
          eq(retrievalChunks.documentKey, documentKey),
          ne(retrievalChunks.documentTitle, title),
        );
        const ids = (await tx.select({ id: retrievalChunks.id }).from(retrievalChunks).where(renamed)).map((row) => row.id);
        if (ids.length === 0) return;
        // The title is indexed: its words leave the statistics with the old title and come back with the new.
        const chunks = chunksWithIds(ids);
        await removeTermStats(tx, scopeKeyOf('uploaded', ownerId), chunks);
        await tx.update(retrievalChunks).set({ documentTitle: title }).where(renamed);
        await addTermStats(tx, scopeKeyOf('uploaded', ownerId), chunks);
      });
    },
  };
}

/** The guide's articles: each written with its passages, so the index never holds half an article. */
function guideArticleQueries(db: Database) {
  return {
    async listGuideArticles(): Promise<GuideArticleRow[]> {
      return db.select().from(guideArticles);
    },

    /** An article's passages in reading order: what a citation of one of them can show in full. */
    async guideArticlePassages(slug: string): Promise<Array<{ headingPath: string; content: string }>> {
      return db
        .select({ headingPath: retrievalChunks.headingPath, content: retrievalChunks.content })
        .from(retrievalChunks)
        .where(and(eq(retrievalChunks.corpus, 'guide'), isNull(retrievalChunks.ownerId), eq(retrievalChunks.documentKey, slug)))
        .orderBy(asc(retrievalChunks.ordinal));
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

/**
 * Passages written, or deleted, and counted into the statistics per batch. On embedded PGlite a
 * statement runs on the event loop's thread (writing 25 passages with their search column takes
 * about 60 ms of CPU, counting them as much), so the rows go in small batches with a pause after
 * each step, and an upload of several megabytes never holds the HTTP process for long; PostgreSQL
 * merely gets more, smaller statements.
 */
const WRITE_BATCH = 25;

/** A document's passages, out of the statistics and deleted, batch by batch. */
async function deleteChunks(db: Database, corpus: Corpus, ownerId: string | null, documentKey: string): Promise<void> {
  const ofDocument = and(
    eq(retrievalChunks.corpus, corpus),
    ownerId === null ? sql`${retrievalChunks.ownerId} is null` : eq(retrievalChunks.ownerId, ownerId),
    eq(retrievalChunks.documentKey, documentKey),
  );
  const ids = (await db.select({ id: retrievalChunks.id }).from(retrievalChunks).where(ofDocument)).map((row) => row.id);
  const scopeKey = scopeKeyOf(corpus, ownerId);
  for (let i = 0; i < ids.length; i += WRITE_BATCH) {
    const last = i + WRITE_BATCH >= ids.length;
    await removeTermStats(db, scopeKey, chunksWithIds(ids.slice(i, i + WRITE_BATCH)), { dropUnused: last });
    await db.delete(retrievalChunks).where(inArray(retrievalChunks.id, ids.slice(i, i + WRITE_BATCH)));
    if (!last) await new Promise(setImmediate);
  }
}

async function insertChunks(
  db: Database,
  document: { corpus: Corpus; ownerId: string | null; documentKey: string; title: string },
  chunks: NewChunk[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < chunks.length; i += WRITE_BATCH) {
    const rows = chunks.slice(i, i + WRITE_BATCH).map((chunk, k) => ({
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
    const batch = inserted.sort((a, b) => a.ordinal - b.ordinal).map((row) => row.id);
    await new Promise(setImmediate);
    await addTermStats(db, scopeKeyOf(document.corpus, document.ownerId), chunksWithIds(batch));
    ids.push(...batch);
    await new Promise(setImmediate);
  }
  return ids;
}
