import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf, scopeFilter, type ChunkRow, type Scope } from './retrieval.repository';

/**
 * Chunk embeddings live in a side table created at run time, not in a migration: pgvector is
 * only required when an embeddings provider is configured. Vectors of another model are kept
 * apart by the `model` column and replaced as chunks are embedded again.
 */
export class VectorStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      'Embeddings are configured but the pgvector extension is not available on this database ' +
        `(${cause instanceof Error ? cause.message : String(cause)}). Install pgvector on the PostgreSQL ` +
        'server (embedded PGlite loads it itself), or remove the embeddings settings to use keyword search only.',
    );
    this.name = 'VectorStoreUnavailableError';
  }
}

const SCHEMA_LOCK = [4_242_010, 0] as const;
/** pgvector cannot build HNSW indexes on `vector` columns above this. */
const MAX_INDEXED_DIMENSIONS = 2000;

export interface ChunkToEmbed {
  id: string;
  documentTitle: string;
  headingPath: string;
  content: string;
}

export function createVectorRepository(db: Database, options: { dimensions: number; model: string }) {
  const { dimensions, model } = options;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new Error(`embedding dimensions must be an integer between 1 and 16000 (got ${dimensions})`);
  }
  let ready: Promise<void> | undefined;

  async function createStore(): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SCHEMA_LOCK[0]}, ${SCHEMA_LOCK[1]})`);
      try {
        await tx.execute(sql`create extension if not exists vector`);
      } catch (err) {
        throw new VectorStoreUnavailableError(err);
      }
      const [existing] = rowsOf<{ type: string }>(
        await tx.execute(sql`select format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
          where a.attrelid = to_regclass('retrieval_embeddings') and a.attname = 'embedding'`),
      );
      // A new vector size means a new model: the old vectors can never be compared again.
      if (existing && existing.type !== `vector(${dimensions})`) await tx.execute(sql`drop table retrieval_embeddings`);
      // `dimensions` is a checked integer: DDL cannot take it as a bound parameter.
      await tx.execute(sql`create table if not exists retrieval_embeddings (
        chunk_id uuid primary key references retrieval_chunks(id) on delete cascade,
        model text not null,
        embedding vector(${sql.raw(String(dimensions))}) not null)`);
      if (dimensions <= MAX_INDEXED_DIMENSIONS) {
        await tx.execute(sql`create index if not exists retrieval_embeddings_hnsw_idx
          on retrieval_embeddings using hnsw (embedding vector_cosine_ops)`);
      }
    });
  }

  return {
    /** Creates the extension, table and index once per process; retried after a failure. */
    ensure(): Promise<void> {
      ready ??= createStore().catch((err) => {
        ready = undefined;
        throw err;
      });
      return ready;
    },

    async save(tx: Database, ids: string[], vectors: number[][]): Promise<void> {
      if (ids.length === 0) return;
      const rows = JSON.stringify(ids.map((id, i) => ({ id, v: toVectorLiteral(vectors[i]) })));
      await tx.execute(sql`insert into retrieval_embeddings (chunk_id, model, embedding)
        select r.id, ${model}, r.v::vector from json_to_recordset(${rows}::json) as r(id uuid, v text)
        on conflict (chunk_id) do update set model = excluded.model, embedding = excluded.embedding`);
    },

    /** Nearest chunks by cosine distance, filtered in the same statement; score = similarity. */
    async search(scope: Scope, vector: number[], limit: number): Promise<ChunkRow[]> {
      const literal = toVectorLiteral(vector);
      const result = await db.execute(sql`
        select c.id, c.corpus, c.document_key as "documentKey", c.document_title as "documentTitle",
          c.heading_path as "headingPath", c.page, c.content,
          (1 - (e.embedding <=> ${literal}::vector))::float8 as score
        from retrieval_embeddings e join retrieval_chunks c on c.id = e.chunk_id
        where ${scopeFilter(scope)} and e.model = ${model}
        order by e.embedding <=> ${literal}::vector
        limit ${limit}`);
      return rowsOf<ChunkRow>(result);
    },

    /** Chunks without a vector from the current model (new provider, or a failed embed call). */
    async missing(limit: number): Promise<ChunkToEmbed[]> {
      const result = await db.execute(sql`
        select c.id, c.document_title as "documentTitle", c.heading_path as "headingPath", c.content
        from retrieval_chunks c left join retrieval_embeddings e on e.chunk_id = c.id and e.model = ${model}
        where e.chunk_id is null
        order by c.corpus, c.document_key, c.ordinal
        limit ${limit}`);
      return rowsOf<ChunkToEmbed>(result);
    },
  };
}

export type VectorRepository = ReturnType<typeof createVectorRepository>;

function toVectorLiteral(vector: number[]): string {
  return `[${vector.map((v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;
}
