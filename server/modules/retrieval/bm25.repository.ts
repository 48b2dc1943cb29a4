/**
 * BM25 in the database, the same SQL on PGlite and PostgreSQL. A passage's score sums, over the
 * question's lexemes it holds, weight x idf x saturated term frequency, where a word in the title
 * or a heading counts TITLE_BOOST times (BM25F's field weight, on the tsvector's A/B weights) and
 * long passages need more hits (length normalisation on term_count). Term statistics come from
 * `term-stats.repository.ts`, so the ranking is exact: the top passages are the best by this score.
 *
 * To stay fast without sampling, candidates are found MaxScore-style: passages holding the terms
 * that can add the most to a score are scored first; a passage holding none of them can score at
 * most the sum of the other terms' ceilings, and once that is below the k-th best score found,
 * no unseen passage can enter the top k. Otherwise the next term joins and the search repeats.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf, scopeFilter, type ChunkRow, type Scope } from './retrieval.repository';
import { scopeKeyOf } from './term-stats.repository';

/** Term frequency saturation and length normalisation, the usual values. */
export const K1 = 1.2;
export const B = 0.75;
/** A word of the title or a heading counts this many times. */
export const TITLE_BOOST = 2;

export interface SearchTuning {
  /** Passages the first MaxScore round may score: one round answers most questions on small libraries. */
  firstRound: number;
  /**
   * Up to this many candidates, each one's term counts are decompressed once for all of its lookups
   * (about 3x faster than once per lookup). Beyond it the copies cost more than they save on PGlite,
   * whose WASM heap grows with them (measured at 100,000 passages: guide p95 1.7 s -> 4 s).
   */
  decompressOnceUpTo: number;
}

const TUNING: SearchTuning = { firstRound: 2_000, decompressOnceUpTo: 2_000 };

export interface QueryTerm {
  lexeme: string;
  /** 1 for the user's own words; less for synonyms, earlier turns and feedback terms. */
  weight: number;
  /** Which of the question's concepts the term stands for; -1 for a term that only helps rank. */
  concept: number;
  /** A word of an earlier turn, standing for the conversation's subject in a follow-up question. */
  earlier?: boolean;
}

interface ScoredTerm extends QueryTerm {
  /** weight x idf: what one fully saturated occurrence is worth, over K1 + 1. */
  w: number;
  /** The most it can add to a score. */
  ceiling: number;
}

interface TermStatistics {
  passages: number;
  averageLength: number;
  df: Map<string, number>;
}

async function termStatistics(db: Database, scope: Scope, lexemes: string[]): Promise<TermStatistics> {
  const key = scope.corpus === 'guide' ? scopeKeyOf('guide', null) : scopeKeyOf('uploaded', scope.ownerId);
  const result = await db.execute(sql`
    select s.chunks::int as passages, (s.terms::float8 / greatest(s.chunks, 1)) as "averageLength",
      coalesce((select jsonb_object_agg(t.lexeme, t.df) from retrieval_term_stats t
        where t.scope_key = ${key} and t.lexeme in (select jsonb_array_elements_text(${JSON.stringify(lexemes)}::jsonb))), '{}'::jsonb) as df
    from (select ${key}::text as scope_key) k
    left join retrieval_scope_stats s on s.scope_key = k.scope_key`);
  const [row] = rowsOf<{ passages: number | null; averageLength: number | null; df: Record<string, number> }>(result);
  return { passages: row?.passages ?? 0, averageLength: row?.averageLength || 1, df: new Map(Object.entries(row?.df ?? {})) };
}

/** Robertson-Sparck Jones idf with the +1 that keeps it positive for words in most passages. */
export function idf(passages: number, df: number): number {
  return Math.log(1 + (passages - df + 0.5) / (df + 0.5));
}

/** The question's terms with their idf, best first; terms no passage holds drop out unless `includeUnseen`. */
function scoreTerms(terms: QueryTerm[], stats: TermStatistics, includeUnseen = false): ScoredTerm[] {
  return terms
    .filter((term) => includeUnseen || (stats.df.get(term.lexeme) ?? 0) > 0)
    .map((term) => {
      const w = term.weight * idf(stats.passages, stats.df.get(term.lexeme) ?? 0);
      return { ...term, w, ceiling: w * (K1 + 1) };
    })
    .sort((a, b) => b.ceiling - a.ceiling);
}

/** How much of the question's information a passage can hold: each concept counts with its weightiest term. */
function conceptInformation(terms: ScoredTerm[]): number {
  const info = new Map<number, number>();
  for (const term of terms) if (term.concept >= 0) info.set(term.concept, Math.max(info.get(term.concept) ?? 0, term.w));
  return [...info.values()].reduce((sum, value) => sum + value, 0);
}

/**
 * The `limit` best passages by BM25, exactly (see the file comment). Tests set `tuning` low to make
 * every search prune, or every lookup decompress.
 */
export async function searchBm25(
  db: Database,
  scope: Scope,
  terms: QueryTerm[],
  limit: number,
  tuning: Partial<SearchTuning> = {},
): Promise<ChunkRow[]> {
  const stats = await termStatistics(db, scope, [...new Set(terms.map((t) => t.lexeme))]);
  const scored = scoreTerms(terms, stats);
  if (scored.length === 0 || stats.passages === 0) return [];
  // Words no passage holds count too: a question whose telling word is nowhere in the library is not covered by it.
  const all = scoreTerms(terms, stats, true);
  // A follow-up is covered by a passage that holds its own words, or its words and the conversation's subject.
  const information = { all: conceptInformation(all), own: conceptInformation(all.filter((term) => !term.earlier)) };
  const { firstRound, decompressOnceUpTo } = { ...TUNING, ...tuning };
  // At most this many passages hold one of the first `essential` terms.
  const candidates = (essential: number) => scored.slice(0, essential).reduce((sum, term) => sum + stats.df.get(term.lexeme)!, 0);
  // Start with as many of the weightiest terms as keep the first candidate set small.
  let essential = 1;
  while (essential < scored.length && candidates(essential + 1) <= firstRound) essential++;
  for (;;) {
    const decompressOnce = candidates(essential) <= decompressOnceUpTo;
    const rows = await scoreCandidates(db, scope, scored, essential, stats, information, limit, decompressOnce);
    const threshold = rows.length >= limit ? rows[limit - 1].score : 0;
    let rest = scored.slice(essential).reduce((sum, term) => sum + term.ceiling, 0);
    if (rest <= threshold) return rows;
    while (essential < scored.length && rest > threshold) rest -= scored[essential++].ceiling;
  }
}

async function scoreCandidates(
  db: Database,
  scope: Scope,
  terms: ScoredTerm[],
  essential: number,
  stats: TermStatistics,
  information: { all: number; own: number },
  limit: number,
  decompressOnce: boolean,
): Promise<ChunkRow[]> {
  // `|| '{}'` returns a decompressed copy; `offset 0` keeps the planner from inlining it into each lookup.
  const freqs = decompressOnce ? sql`cand.term_freqs || '{}'::jsonb` : sql`cand.term_freqs`;
  // A concept is as covered as its best term the passage holds: a synonym covers it less than the user's word.
  const payload = terms.map((t) => ({ lexeme: t.lexeme, w: t.w, concept: t.concept, info: t.concept >= 0 ? t.w : 0, own: !t.earlier }));
  const result = await db.execute(sql`
    with q as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as t(lexeme text, w float8, concept int, info float8, own boolean)
    ),
    cand as (
      select c.id, c.term_count, c.term_freqs from retrieval_chunks c
      where ${scopeFilter(scope)}
        and c.search @@ (select string_agg(quote_literal(e.lexeme), ' | ')
          from jsonb_array_elements_text(${JSON.stringify(terms.slice(0, essential).map((t) => t.lexeme))}::jsonb) e(lexeme))::tsquery
    ),
    hits as (
      select cand.id, f.w, f.concept, f.info, f.own,
        (f.e ->> 0)::float8 + ${TITLE_BOOST}::float8 * (f.e ->> 1)::float8 as tf,
        (1 - ${B}::float8 + ${B}::float8 * cand.term_count / ${stats.averageLength}::float8) as norm
      from cand cross join lateral (
        select q.w, q.concept, q.info, q.own, d.freqs -> q.lexeme as e
        from (select ${freqs} as freqs offset 0) d cross join q
      ) f
      where f.e is not null
    ),
    top as (
      select h.id, sum(h.w * h.tf * ${K1 + 1}::float8 / (h.tf + ${K1}::float8 * h.norm)) as score
      from hits h group by h.id order by score desc, h.id limit ${limit}
    ),
    covered as (
      select id, sum(info) as info, coalesce(sum(info) filter (where own), 0) as own from (
        select id, concept, max(info) as info, bool_and(own) as own from hits where concept >= 0 and id in (select id from top) group by id, concept
      ) per group by id
    )
    select c.id, c.corpus, c.document_key as "documentKey", c.document_title as "documentTitle",
      c.heading_path as "headingPath", c.page, c.content, t.score::float8 as score,
      least(greatest(coalesce(v.info, 0) / ${information.all || 1}::float8, coalesce(v.own, 0) / ${information.own || 1}::float8), 1)::float8 as relevance
    from top t
    join retrieval_chunks c on c.id = t.id
    left join covered v on v.id = t.id
    order by t.score desc, c.document_key, c.ordinal`);
  return rowsOf<ChunkRow>(result);
}
