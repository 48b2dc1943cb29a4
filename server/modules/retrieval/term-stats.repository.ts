/**
 * BM25's term statistics, kept in step with the passages: for each search scope (the guide, or
 * one owner's files) how many passages hold each lexeme, how many passages there are and how
 * many words they hold. Every write of passages updates them in the same transaction, so a
 * search never sees passages its statistics do not count.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

type Corpus = 'guide' | 'uploaded';

/** The scope whose statistics a passage counts in: searches never mix owners or the guide. */
export function scopeKeyOf(corpus: Corpus, ownerId: string | null): string {
  return corpus === 'guide' ? 'guide' : `u:${ownerId}`;
}

/** The passages with these ids, as a condition on alias `c`. */
export function chunksWithIds(ids: string[]): SQL {
  return sql`c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
}

/**
 * A passage's length (every indexed word, title and headings included) and each lexeme's
 * occurrences in the body and in the title or headings (the tsvector's weight A), for BM25F.
 */
const PASSAGE_COUNTS = sql`
  term_count = (select coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0) from unnest(c.search) u),
  term_freqs = (select coalesce(jsonb_object_agg(u.lexeme, jsonb_build_array(
      cardinality(u.positions) - cardinality(array_positions(u.weights, 'A')), cardinality(array_positions(u.weights, 'A')))), '{}'::jsonb)
    from unnest(c.search) u)`;

/** Counts the passages `chunks` selects (an SQL condition on alias `c`) into their scope's statistics. */
export async function addTermStats(db: Database, scopeKey: string, chunks: SQL): Promise<void> {
  await db.execute(sql`update retrieval_chunks c set ${PASSAGE_COUNTS} where ${chunks}`);
  await changeStats(db, scopeKey, chunks, 1);
}

/**
 * Takes the passages `chunks` selects out of their scope's statistics (before they are deleted or
 * changed); `dropUnused: false` leaves lexemes no passage holds any more for a later call to drop.
 */
export async function removeTermStats(db: Database, scopeKey: string, chunks: SQL, { dropUnused = true } = {}): Promise<void> {
  await changeStats(db, scopeKey, chunks, -1);
  if (dropUnused) await db.execute(sql`delete from retrieval_term_stats where scope_key = ${scopeKey} and df <= 0`);
}

/** Any constant no other advisory lock of KAI uses; the key is the scope's. */
const SCOPE_STATS_LOCK_CLASS = 4_242_011;

/**
 * A transaction changes a scope's statistics only under that scope's lock, held to its end: one
 * that writes a large document batch by batch (retrieval.repository.ts) takes lexeme rows in
 * several statements, and two such transactions could otherwise each hold rows the other needs.
 * Lexemes are still written in sorted order within a statement.
 */
async function changeStats(db: Database, scopeKey: string, chunks: SQL, sign: 1 | -1): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SCOPE_STATS_LOCK_CLASS}, hashtext(${scopeKey}))`);
  await db.execute(sql`
    insert into retrieval_term_stats (scope_key, lexeme, df)
    select ${scopeKey}, u.lexeme, ${sign} * count(*)::int
    from retrieval_chunks c, unnest(c.search) u
    where ${chunks}
    group by u.lexeme
    order by u.lexeme
    on conflict (scope_key, lexeme) do update set df = retrieval_term_stats.df + excluded.df`);
  await db.execute(sql`
    insert into retrieval_scope_stats (scope_key, chunks, terms)
    select ${scopeKey}, ${sign} * count(*)::int, ${sign} * coalesce(sum(c.term_count), 0)
    from retrieval_chunks c
    where ${chunks}
    on conflict (scope_key) do update set
      chunks = retrieval_scope_stats.chunks + excluded.chunks,
      terms = retrieval_scope_stats.terms + excluded.terms`);
}

/** Passages recounted per statement: a bulk rebuild stays under the statement timeout. */
const REBUILD_BATCH = 5_000;

/** Recounts everything from the passages, in batches: after a bulk load that bypassed the repository (benchmarks). */
export async function rebuildTermStats(db: Database): Promise<void> {
  const scope = sql`case when c.corpus = 'guide' then 'guide' else 'u:' || c.owner_id::text end`;
  await db.execute(sql`delete from retrieval_term_stats`);
  await db.execute(sql`delete from retrieval_scope_stats`);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const ids = (
      (await db.execute(sql`select id from retrieval_chunks where id > ${after}::uuid order by id limit ${REBUILD_BATCH}`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows.map((row) => row.id);
    if (ids.length === 0) return;
    const batch = chunksWithIds(ids);
    await db.execute(sql`update retrieval_chunks c set ${PASSAGE_COUNTS} where ${batch}`);
    await db.execute(sql`
      insert into retrieval_term_stats (scope_key, lexeme, df)
      select ${scope}, u.lexeme, count(*)::int from retrieval_chunks c, unnest(c.search) u where ${batch} group by 1, 2 order by 1, 2
      on conflict (scope_key, lexeme) do update set df = retrieval_term_stats.df + excluded.df`);
    await db.execute(sql`
      insert into retrieval_scope_stats (scope_key, chunks, terms)
      select ${scope}, count(*)::int, coalesce(sum(c.term_count), 0) from retrieval_chunks c where ${batch} group by 1
      on conflict (scope_key) do update set chunks = retrieval_scope_stats.chunks + excluded.chunks, terms = retrieval_scope_stats.terms + excluded.terms`);
    after = ids.at(-1)!;
  }
}
