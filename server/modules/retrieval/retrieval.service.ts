import type { FastifyBaseLogger } from 'fastify';
import type { EmbeddingsClient } from '../../adapters/embeddings';
import type { Database } from '../../db/client';
import { ValidationError } from '../../errors';
import { MAX_DOCUMENT_PASSAGES, chunkDocumentInSlices } from './chunker';
import { searchBm25, type QueryTerm } from './bm25.repository';
import { askedConcepts, leansOnEarlierTurns, type AskedConcept } from './query-terms';
import { fuseRankings } from './rank-fusion';
import { createRetrievalRepository, type ChunkRow, type RetrievalRepository, type Scope } from './retrieval.repository';
import { createVectorRepository, type VectorRepository } from './vector.repository';
import { isUuid } from '../../db/ids';

export interface Passage {
  chunkId: string;
  corpus: 'guide' | 'uploaded';
  /** guide: article slug; uploaded: document id */
  documentKey: string;
  /** article / document title */
  title: string;
  /** 'Retainage > Releasing retainage' ('' at the top of a document) */
  headingPath: string;
  /** PDF page of an uploaded document */
  page: number | null;
  /** the chunk text (Markdown) */
  text: string;
  /** higher is better; comparable only within one result list */
  score: number;
  /**
   * 0..1, comparable across questions: how much of the question's information (its words
   * weighted by how rare they are) the passage holds. Answers abstain and cite fewer passages
   * when it is low.
   */
  relevance: number;
}

export interface RetrievalDeps {
  db: Database;
  embeddings?: EmbeddingsClient;
  log?: FastifyBaseLogger;
}

export interface SearchOptions {
  limit?: number;
  /**
   * Earlier turns of the conversation ('and for a credit note?' after a question about debit
   * notes): their words help ranking but weigh less than the question's own. Given as a function,
   * it is read only for a follow-up question, so a chat can search while it still reads them.
   */
  context?: EarlierTurns;
}

export type EarlierTurns = string | (() => Promise<string>);

const DEFAULT_LIMIT = 8;
const MAX_LIMIT = 50;
/** A question answered by one article should still show other articles' views. */
const MAX_PASSAGES_PER_DOCUMENT = 2;
const LEXEME_CACHE_SIZE = 10_000;

export function createRetrievalService(deps: RetrievalDeps) {
  const { db, embeddings, log } = deps;
  const repository = createRetrievalRepository(db);
  const weigh = createTermWeigher(repository);
  const vectors = embeddings ? createVectorStoreFor(db, embeddings) : undefined;

  async function search(scope: Scope, query: string, options: SearchOptions): Promise<Passage[]> {
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIMIT), 1), MAX_LIMIT);
    const terms = await weigh(askedConcepts(query), options.context, leansOnEarlierTurns(query));
    if (!terms.some((term) => term.concept >= 0)) return [];
    // Room for the per-document cap; fusion needs deeper lists to find passages both like.
    const candidates = vectors ? Math.max(limit * 4, 20) : limit * 2;
    const [keyword, semantic] = await Promise.all([
      searchBm25(db, scope, terms, candidates),
      vectors && embeddings ? searchVectors(vectors, embeddings, scope, query, candidates, log) : undefined,
    ]);
    const ranked = semantic ? fuseRankings([keyword, semantic], (row) => row.id).map(({ item, score }) => ({ ...item, score })) : keyword;
    return diversify(ranked, limit).map(toPassage);
  }

  return {
    searchGuide(query: string, options: SearchOptions = {}): Promise<Passage[]> {
      return search({ corpus: 'guide' }, query, options);
    },

    /** A guide article as indexed, its passages in order under their headings (Markdown). */
    async guideArticleText(slug: string): Promise<string> {
      const passages = await repository.guideArticlePassages(slug);
      return passages.map((p) => headed(p.headingPath, p.content)).join('\n\n');
    },

    async searchUploaded(ownerId: string, query: string, options: SearchOptions & { documentIds?: string[] } = {}): Promise<Passage[]> {
      requireUuid(ownerId, 'ownerId');
      if (options.documentIds && options.documentIds.length === 0) return [];
      return search({ corpus: 'uploaded', ownerId, documentIds: options.documentIds }, query, options);
    },

    /**
     * Chunks a document's pages and replaces whatever was indexed for it before. An administrator's
     * knowledge upload (`intoGuide`) joins the guide everyone searches instead of its owner's files.
     * Chunking runs in slices and the passages are written in small batches, so a large document
     * never holds the event loop; past MAX_DOCUMENT_PASSAGES the rest is not indexed, and `warnings` says so.
     */
    async indexUploadedDocument(input: {
      ownerId: string;
      documentId: string;
      title: string;
      pages: Array<{ page: number | null; text: string }>;
      intoGuide?: boolean;
    }): Promise<{ chunks: number; warnings: string[] }> {
      requireUuid(input.ownerId, 'ownerId');
      const cut = await chunkDocumentInSlices(input.pages, { title: input.title });
      const chunks = cut.chunks.map((c) => ({ headingPath: c.headingPath, page: c.page, content: c.text }));
      const document = input.intoGuide
        ? { corpus: 'guide' as const, ownerId: null, documentKey: knowledgeKey(input.documentId), title: input.title }
        : { corpus: 'uploaded' as const, ownerId: input.ownerId, documentKey: input.documentId, title: input.title };
      const embedded =
        vectors && embeddings
          ? await embedChunks(
              vectors,
              embeddings,
              chunks.map((c) => ({ documentTitle: input.title, ...c })),
              log,
            )
          : undefined;
      await repository.replaceChunks(document, chunks, embedded && vectors ? (tx, ids) => saveInBatches(vectors, tx, ids, embedded) : undefined);
      return { chunks: chunks.length, warnings: cut.dropped ? [PASSAGES_DROPPED] : [] };
    },

    /** Its passages wherever they went: the owner's files or, for a knowledge upload, the guide. */
    /** An uploaded document renamed (the same bytes uploaded again under a new name). */
    async renameUploadedDocument(ownerId: string, documentId: string, title: string): Promise<void> {
      requireUuid(ownerId, 'ownerId');
      await repository.renameDocument(ownerId, documentId, title);
    },

    async deleteUploadedDocument(ownerId: string, documentId: string): Promise<void> {
      requireUuid(ownerId, 'ownerId');
      await repository.deleteDocument('uploaded', ownerId, documentId);
      await repository.deleteDocument('guide', null, knowledgeKey(documentId));
    },
  };
}

export type RetrievalService = ReturnType<typeof createRetrievalService>;

/** Guide articles are keyed by slug; knowledge uploads by document id, so the two never collide. */
function knowledgeKey(documentId: string): string {
  return `upload:${documentId}`;
}

/**
 * Creates the pgvector extension, table and index now, so a misconfigured server fails at boot
 * with a clear message instead of at the first question. Optional: every call that needs the
 * store also prepares it.
 */
export async function prepareVectorSearch(deps: { db: Database; embeddings: EmbeddingsClient }): Promise<void> {
  await createVectorStoreFor(deps.db, deps.embeddings).ensure();
}

export function createVectorStoreFor(db: Database, embeddings: EmbeddingsClient): VectorRepository {
  return createVectorRepository(db, { dimensions: embeddings.dimensions, model: embeddings.model ?? 'default' });
}

const PASSAGES_DROPPED = `Only the first ${MAX_DOCUMENT_PASSAGES.toLocaleString('en-US')} passages (up to 700,000 words) can be searched; the rest of the document is kept but not searched.`;
/** Vectors written per statement, with a pause after each (see INSERT_BATCH in retrieval.repository.ts). */
const SAVE_BATCH = 100;

async function saveInBatches(vectors: VectorRepository, tx: Database, ids: string[], embedded: number[][]): Promise<void> {
  for (let i = 0; i < ids.length; i += SAVE_BATCH) {
    await vectors.save(tx, ids.slice(i, i + SAVE_BATCH), embedded.slice(i, i + SAVE_BATCH));
    await new Promise(setImmediate);
  }
}

/** What the embedding model sees: where the passage sits, then the passage. */
export function embeddingText(chunk: { documentTitle: string; headingPath: string; content: string }): string {
  const context = [chunk.documentTitle, chunk.headingPath].filter(Boolean).join(' > ');
  return context ? `${context}\n\n${chunk.content}` : chunk.content;
}

/**
 * Vectors for chunks about to be stored, or undefined when the provider fails: the chunks are
 * stored for keyword search anyway and the next guide indexing run embeds them.
 */
export async function embedChunks(
  vectors: VectorRepository,
  embeddings: EmbeddingsClient,
  chunks: Array<{ documentTitle: string; headingPath: string; content: string }>,
  log?: FastifyBaseLogger,
): Promise<number[][] | undefined> {
  await vectors.ensure();
  try {
    return await embeddings.embed(chunks.map(embeddingText));
  } catch (err) {
    log?.warn({ err }, 'embedding chunks failed; they are searchable by keyword until the next indexing run');
    return undefined;
  }
}

/** The user's words count fully; synonyms and earlier turns help ranking without outweighing them. */
const SYNONYM_WEIGHT = 0.4;
const CONTEXT_WEIGHT = 0.3;

/**
 * The question's terms as Postgres stems them, each weighted: the user's words 1, their synonyms
 * and the words of earlier turns less. Stemmed lexemes are remembered: synonym groups and common
 * words repeat across questions, so most searches skip that round trip.
 */
function createTermWeigher(repository: RetrievalRepository) {
  const cache = new Map<string, string[]>();
  async function lexemesOf(texts: string[]): Promise<(text: string) => string[]> {
    const missing = [...new Set(texts)].filter((text) => !cache.has(text));
    if (missing.length > 0) {
      if (cache.size > LEXEME_CACHE_SIZE) cache.clear();
      for (const [text, lexemes] of await repository.lexemesOf(missing)) cache.set(text, lexemes);
    }
    return (text) => cache.get(text) ?? [];
  }
  return async (concepts: AskedConcept[], earlierTurns: EarlierTurns | undefined, followUp: boolean): Promise<QueryTerm[]> => {
    const own = await lexemesOf(concepts.flatMap((c) => [c.typed, ...c.synonyms]));
    const terms = new Map<string, QueryTerm>();
    const put = (lexeme: string, weight: number, concept: number) => {
      if ((terms.get(lexeme)?.weight ?? 0) < weight) terms.set(lexeme, { lexeme, weight, concept });
    };
    concepts.forEach((concept, i) => {
      for (const lexeme of own(concept.typed)) put(lexeme, 1, i);
      for (const synonym of concept.synonyms) for (const lexeme of own(synonym)) put(lexeme, SYNONYM_WEIGHT, i);
    });
    // A follow-up ('and how do I cancel one?', 'what about the deadline?') is about the conversation's
    // subject: the earlier turns' words are concepts too, weighing less, and a passage covers it when
    // it holds the question's own words or those and the subject. A question that names its own
    // subject stands alone: the earlier turns are left out (and not even read), so changing the
    // subject neither pulls the old one into the answer nor lets it be cited for a question the
    // source does not cover.
    const ownConcepts = new Set([...terms.values()].map((term) => term.concept)).size;
    if (earlierTurns !== undefined && (followUp || ownConcepts <= 1)) {
      const context = askedConcepts(typeof earlierTurns === 'string' ? earlierTurns : await earlierTurns());
      const of = await lexemesOf(context.map((c) => c.typed));
      context.forEach((concept, j) => {
        for (const lexeme of of(concept.typed)) {
          if (!terms.has(lexeme)) terms.set(lexeme, { lexeme, weight: CONTEXT_WEIGHT, concept: concepts.length + j, earlier: true });
        }
      });
    }
    return [...terms.values()];
  };
}

async function searchVectors(
  vectors: VectorRepository,
  embeddings: EmbeddingsClient,
  scope: Scope,
  query: string,
  limit: number,
  log?: FastifyBaseLogger,
): Promise<ChunkRow[]> {
  await vectors.ensure();
  let vector: number[];
  try {
    [vector] = await embeddings.embed([query]);
  } catch (err) {
    log?.warn({ err }, 'embedding the query failed; answering from keyword search only');
    return [];
  }
  return vectors.search(scope, vector, limit);
}

/** At most a few passages per document up front; the rest only fill remaining places. */
function diversify(rows: ChunkRow[], limit: number): ChunkRow[] {
  const perDocument = new Map<string, number>();
  const kept: ChunkRow[] = [];
  const overflow: ChunkRow[] = [];
  for (const row of rows) {
    const seen = perDocument.get(row.documentKey) ?? 0;
    perDocument.set(row.documentKey, seen + 1);
    (seen < MAX_PASSAGES_PER_DOCUMENT ? kept : overflow).push(row);
  }
  return [...kept, ...overflow].slice(0, limit);
}

function toPassage(row: ChunkRow): Passage {
  return {
    chunkId: row.id,
    corpus: row.corpus,
    documentKey: row.documentKey,
    title: row.documentTitle,
    headingPath: row.headingPath,
    page: row.page,
    text: row.content,
    score: row.score,
    relevance: row.relevance ?? 0,
  };
}

function requireUuid(value: string, name: string): void {
  if (!isUuid(value)) throw new ValidationError(`${name} must be a UUID`);
}

/** A passage under its own heading ('A > B > Releasing retainage' gives '## Releasing retainage'), unless it starts with one. */
function headed(headingPath: string, content: string): string {
  const heading = headingPath.split(' > ').slice(1).at(-1);
  return heading && !/^\s*#/.test(content) ? `## ${heading}\n\n${content}` : content;
}
