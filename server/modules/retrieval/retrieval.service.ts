import type { FastifyBaseLogger } from 'fastify';
import type { EmbeddingsClient } from '../../adapters/embeddings';
import type { Database } from '../../db/client';
import { ValidationError } from '../../errors';
import { chunkPages } from './chunker';
import { queryConcepts, stageQueries, type Concept, type StagedQueries } from './query-terms';
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
   * notes): their words help ranking but weigh less than the question's own.
   */
  context?: string;
}

const DEFAULT_LIMIT = 8;
const MAX_LIMIT = 50;
/** A question answered by one article should still show other articles' views. */
const MAX_PASSAGES_PER_DOCUMENT = 2;
const TSQUERY_CACHE_SIZE = 10_000;

export function createRetrievalService(deps: RetrievalDeps) {
  const { db, embeddings, log } = deps;
  const repository = createRetrievalRepository(db);
  const compile = createQueryCompiler(repository);
  const vectors = embeddings ? createVectorStoreFor(db, embeddings) : undefined;

  async function search(scope: Scope, query: string, requested: number | undefined): Promise<Passage[]> {
    const limit = Math.min(Math.max(Math.trunc(requested ?? DEFAULT_LIMIT), 1), MAX_LIMIT);
    const concepts = queryConcepts(query);
    if (concepts.length === 0) return [];
    // Room for the per-document cap; fusion needs deeper lists to find passages both like.
    const candidates = vectors ? Math.max(limit * 4, 20) : limit * 2;
    const [keyword, semantic] = await Promise.all([
      compile(concepts).then((staged) => searchKeyword(repository, scope, staged, candidates)),
      vectors && embeddings ? searchVectors(vectors, embeddings, scope, query, candidates, log) : undefined,
    ]);
    const ranked = semantic ? fuseRankings([keyword, semantic], (row) => row.id).map(({ item, score }) => ({ ...item, score })) : keyword;
    return diversify(ranked, limit).map(toPassage);
  }

  return {
    searchGuide(query: string, options: SearchOptions = {}): Promise<Passage[]> {
      return search({ corpus: 'guide' }, query, options.limit);
    },

    async searchUploaded(ownerId: string, query: string, options: SearchOptions & { documentIds?: string[] } = {}): Promise<Passage[]> {
      requireUuid(ownerId, 'ownerId');
      if (options.documentIds && options.documentIds.length === 0) return [];
      return search({ corpus: 'uploaded', ownerId, documentIds: options.documentIds }, query, options.limit);
    },

    /**
     * Chunks a document's pages and replaces whatever was indexed for it before. An administrator's
     * knowledge upload (`intoGuide`) joins the guide everyone searches instead of its owner's files.
     */
    async indexUploadedDocument(input: {
      ownerId: string;
      documentId: string;
      title: string;
      pages: Array<{ page: number | null; text: string }>;
      intoGuide?: boolean;
    }): Promise<{ chunks: number }> {
      requireUuid(input.ownerId, 'ownerId');
      const chunks = chunkPages(input.pages).map((c) => ({ headingPath: '', page: c.page, content: c.text }));
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
      await repository.replaceChunks(document, chunks, embedded && vectors ? (tx, ids) => vectors.save(tx, ids, embedded) : undefined);
      return { chunks: chunks.length };
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

/**
 * Stemmed tsquery text per alternative, remembered: synonym groups and common words repeat
 * across questions, so most searches skip that round trip.
 */
function createQueryCompiler(repository: RetrievalRepository) {
  const cache = new Map<string, string>();
  return async (concepts: Concept[]): Promise<StagedQueries | undefined> => {
    const missing = [...new Set(concepts.flat())].filter((a) => !cache.has(a));
    if (missing.length > 0) {
      if (cache.size > TSQUERY_CACHE_SIZE) cache.clear();
      for (const [alternative, query] of await repository.toTsqueries(missing)) cache.set(alternative, query);
    }
    return stageQueries(concepts, (a) => cache.get(a));
  };
}

/**
 * Every concept of the question first; when that finds too few passages, any two of them;
 * then any one. Each stage ranks its whole match set, so earlier matches stay on top.
 */
async function searchKeyword(repository: RetrievalRepository, scope: Scope, staged: StagedQueries | undefined, limit: number): Promise<ChunkRow[]> {
  if (!staged) return [];
  let rows: ChunkRow[] = [];
  for (const [i, match] of staged.stages.entries()) {
    rows = await repository.searchKeyword(scope, { match, rank: i === 0 ? match : staged.any, concepts: staged.concepts }, limit);
    if (rows.length >= limit) break;
  }
  return rows;
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
