import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { FakeIssuer } from '../server/test/fake-issuer';
import { benchConfig, benchTokens } from './support';

/**
 * Foundation figures, printed as JSON: cold start on a fresh embedded database, and authenticated
 * API requests (JWT verification + user lookup) in-process. Bounded in count; no network.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

const issuer = await new FakeIssuer().start();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-bench-'));
const config = benchConfig(issuer);

const t0 = performance.now();
const database = await openDatabase({ dataDir });
const dbReadyMs = performance.now() - t0;
const app = await buildApp(config, { database });
await app.ready();
const coldStartMs = performance.now() - t0;

const tokens = await benchTokens(issuer, 20);
const latencies: number[] = [];
const started = performance.now();
for (let i = 0; i < REQUESTS; i++) {
  const s = performance.now();
  const res = await app.inject({ url: '/api/user/current', headers: { authorization: `Bearer ${tokens[i % tokens.length]}` } });
  if (res.statusCode !== 200) throw new Error(`request ${i} answered ${res.statusCode}`);
  latencies.push(performance.now() - s);
}
const elapsed = performance.now() - started;
latencies.sort((a, b) => a - b);
const pct = (p: number) => Number(latencies[Math.floor((latencies.length - 1) * p)].toFixed(3));

console.log(
  JSON.stringify(
    {
      benchmark: 'foundation',
      database: 'pglite',
      coldStart: { databaseReadyMs: Math.round(dbReadyMs), appReadyMs: Math.round(coldStartMs) },
      authenticatedRequests: {
        count: REQUESTS,
        perSecond: Math.round((REQUESTS / elapsed) * 1000),
        latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) },
      },
      rssMiB: Math.round(process.memoryUsage().rss / 1024 / 1024),
    },
    null,
    2,
  ),
);

await app.close();
await database.close();
await issuer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
