import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db/client';
import { createRetrievalService, indexGuide } from '../../server/modules/retrieval';
import { createEmptyPostgresDatabase } from '../../server/test/databases';

/**
 * Retrieval quality on the built-in guide: every question of questions.json ({ question,
 * article }) through searchGuide(limit 5), keyword-only. recall@k counts a question when a
 * passage of its article is among the first k; MRR averages 1/rank of that first passage.
 * Also times indexing the guide cold (empty database) and warm (nothing changed), on PGlite
 * and, when DATABASE_URL is set, on a throwaway PostgreSQL database.
 */
const knowledgeDir = fileURLToPath(new URL('../../knowledge', import.meta.url));
const questionsFile = fileURLToPath(new URL('./questions.json', import.meta.url));

export async function runQualityBenchmark(): Promise<Record<string, unknown>> {
  const questions = JSON.parse(fs.readFileSync(questionsFile, 'utf8')) as Array<{ question: string; article: string }>;
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const { db } = database;
    let started = performance.now();
    const cold = await indexGuide({ db, dirs: [knowledgeDir] });
    const coldMs = performance.now() - started;
    started = performance.now();
    const warm = await indexGuide({ db, dirs: [knowledgeDir] });
    const warmMs = performance.now() - started;

    const service = createRetrievalService({ db });
    let hitsAt1 = 0;
    let hitsAt5 = 0;
    let reciprocal = 0;
    const misses: Array<{ question: string; expected: string; got: string[] }> = [];
    const latencies: number[] = [];
    for (const { question, article } of questions) {
      const expected = article.replace(/\.md$/, '');
      const s = performance.now();
      const passages = await service.searchGuide(question, { limit: 5 });
      latencies.push(performance.now() - s);
      const rank = passages.findIndex((p) => p.documentKey === expected) + 1;
      if (rank === 1) hitsAt1++;
      if (rank >= 1) {
        hitsAt5++;
        reciprocal += 1 / rank;
      } else {
        misses.push({ question, expected, got: [...new Set(passages.map((p) => p.documentKey))].slice(0, 3) });
      }
    }
    latencies.sort((a, b) => a - b);
    const n = questions.length;
    const round = (x: number) => Number(x.toFixed(3));
    return {
      benchmark: 'retrieval-quality',
      database: 'pglite',
      mode: 'keyword',
      articles: cold.indexed,
      questions: n,
      recallAt1: round(hitsAt1 / n),
      recallAt5: round(hitsAt5 / n),
      mrr: round(reciprocal / n),
      searchMs: { p50: round(latencies[Math.floor(n / 2)]), p95: round(latencies[Math.floor(n * 0.95)]) },
      indexing: { coldMs: Math.round(coldMs), warmMs: Math.round(warmMs), cold, warm, postgres: await timePostgresIndexing() },
      misses,
    };
  } finally {
    await database.close();
  }
}

async function timePostgresIndexing(): Promise<{ coldMs: number; warmMs: number } | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const { url, drop } = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    let started = performance.now();
    await indexGuide({ db: database.db, dirs: [knowledgeDir] });
    const coldMs = Math.round(performance.now() - started);
    started = performance.now();
    await indexGuide({ db: database.db, dirs: [knowledgeDir] });
    return { coldMs, warmMs: Math.round(performance.now() - started) };
  } finally {
    await database.close();
    await drop();
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) console.log(JSON.stringify(await runQualityBenchmark(), null, 2));
