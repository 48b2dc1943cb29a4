import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { createRetrievalService } from '../../server/modules/retrieval';
import { rebuildTermStats } from '../../server/modules/retrieval/term-stats.repository';
import { createTestDatabase } from '../../server/test/databases';
import { createTextGenerator } from './synthetic-corpus';

/**
 * Search latency on a large index: 100,000 synthetic chunks (60% guide, 40% uploaded by 20
 * users), then 200 guide and 200 uploaded searches (limit 8), on embedded PGlite and, when
 * DATABASE_URL is set, on a throwaway PostgreSQL database. One JSON object per database.
 */
const CHUNKS = Number(process.env.BENCH_RETRIEVAL_CHUNKS ?? 100_000);
const QUERIES = Number(process.env.BENCH_RETRIEVAL_QUERIES ?? 200);
const USERS = 20;
const CHUNKS_PER_DOCUMENT = 20;
const INSERT_BATCH = 2_000;

export async function runLatencyBenchmark(kind: 'pglite' | 'postgres'): Promise<Record<string, unknown>> {
  const { handle: database, dispose } = await createTestDatabase(kind);
  try {
    const { db } = database;
    const owners = (
      await db
        .insert(users)
        .values(Array.from({ length: USERS }, (_, i) => ({ issuer: 'bench', subject: `user-${i}` })))
        .returning({ id: users.id })
    ).map((u) => u.id);

    const text = createTextGenerator(42);
    const titles = new Map<number, string>();
    const loadStarted = performance.now();
    // Bulk load, then build the full-text index once (the same index migrations create).
    await db.execute(sql`drop index retrieval_chunks_search_idx`);
    const guideChunks = Math.round(CHUNKS * 0.6);
    for (let start = 0; start < CHUNKS; start += INSERT_BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(start + INSERT_BATCH, CHUNKS); i++) {
        const guide = i < guideChunks;
        const document = Math.floor(i / CHUNKS_PER_DOCUMENT);
        rows.push({
          corpus: guide ? 'guide' : 'uploaded',
          owner_id: guide ? null : owners[document % USERS],
          document_key: guide ? `article-${document}` : `document-${document}`,
          document_title: titles.get(document) ?? titles.set(document, text.title()).get(document)!,
          heading_path: guide ? text.title() : '',
          page: guide ? null : (i % CHUNKS_PER_DOCUMENT) + 1,
          ordinal: i % CHUNKS_PER_DOCUMENT,
          content: text.passage(80 + Math.floor(text.random() * 160)),
        });
      }
      await db.execute(sql`
        insert into retrieval_chunks (corpus, owner_id, document_key, document_title, heading_path, page, ordinal, content)
        select r.corpus, r.owner_id, r.document_key, r.document_title, r.heading_path, r.page, r.ordinal, r.content
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(corpus text, owner_id uuid, document_key text,
          document_title text, heading_path text, page int, ordinal int, content text)`);
    }
    await db.execute(sql`create index retrieval_chunks_search_idx on retrieval_chunks using gin (search)`);
    await rebuildTermStats(db);
    await db.execute(sql`analyze retrieval_chunks`);
    const loadMs = performance.now() - loadStarted;

    const service = createRetrievalService({ db });
    const questions = Array.from({ length: QUERIES }, () => text.question());
    for (const q of questions.slice(0, 10)) await service.searchGuide(q);

    const guide = await measure(questions, (q) => service.searchGuide(q, { limit: 8 }));
    const uploaded = await measure(questions, (q, i) => service.searchUploaded(owners[i % USERS], q, { limit: 8 }));
    return {
      benchmark: 'retrieval-latency',
      database: kind,
      chunks: CHUNKS,
      loadSeconds: Number((loadMs / 1000).toFixed(1)),
      queries: QUERIES,
      searchGuide: guide,
      searchUploaded: uploaded,
    };
  } finally {
    await dispose();
  }
}

async function measure(questions: string[], run: (q: string, i: number) => Promise<unknown[]>) {
  const latencies: number[] = [];
  let empty = 0;
  for (const [i, q] of questions.entries()) {
    const started = performance.now();
    const results = await run(q, i);
    latencies.push(performance.now() - started);
    if (results.length === 0) empty++;
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1));
  return { p50Ms: pct(0.5), p95Ms: pct(0.95), maxMs: pct(1), emptyResults: empty };
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  for (const kind of process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    console.log(JSON.stringify(await runLatencyBenchmark(kind)));
  }
}
