import { runLatencyBenchmark } from './latency';
import { runQualityBenchmark } from './quality';

/**
 * Both retrieval benchmarks, one JSON line each: quality on the built-in guide, then latency
 * on 100,000 synthetic chunks (PGlite, and PostgreSQL when DATABASE_URL is set).
 */
export async function runRetrievalBenchmarks(print: (line: string) => void = console.log): Promise<void> {
  print(JSON.stringify(await runQualityBenchmark()));
  for (const kind of process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    print(JSON.stringify(await runLatencyBenchmark(kind)));
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) await runRetrievalBenchmarks();
