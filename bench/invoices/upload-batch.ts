import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { UploadInvoicesResponse } from '@contract/invoices';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { FakeIssuer } from '../../server/test/fake-issuer';
import { benchConfig, benchTokens, spread } from '../support';
import { generateCorpus } from './synthetic/generate';

/**
 * A batch of ten single-page invoices through POST /api/upload-invoices over HTTP, end to end
 * (spool, store as documents, read the layout in the sandbox, rules, vendor matching, save),
 * on the embedded PGlite. Each run uploads new PDFs, so no run is answered from a duplicate.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BATCH = 10;
const corpusDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-bench-batch-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-bench-batch-db-'));
const issuer = await new FakeIssuer().start();
const database = await openDatabase({ dataDir });
const app = await buildApp(benchConfig(issuer), { database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const [token] = await benchTokens(issuer, 1);
const auth = { authorization: `Bearer ${token}` };

// Single-page invoices only: the corpus's long lumber invoices run to two pages.
await generateCorpus(corpusDir, 60);
const singlePage = fs
  .readdirSync(corpusDir)
  .filter((name) => /^syn-\d+\.json$/.test(name))
  .filter((name) => (JSON.parse(fs.readFileSync(path.join(corpusDir, name), 'utf8')) as { pages?: number }).pages !== 2)
  .map((name) => name.replace(/\.json$/, '.pdf'));
if (singlePage.length < BATCH * (RUNS + 1)) throw new Error(`only ${singlePage.length} single-page invoices for ${RUNS + 1} batches`);

async function uploadBatch(files: string[]): Promise<number> {
  const form = new FormData();
  for (const name of files) form.append('files', new Blob([fs.readFileSync(path.join(corpusDir, name))], { type: 'application/pdf' }), name);
  const started = performance.now();
  const res = await fetch(`${base}/api/upload-invoices`, { method: 'POST', headers: auth, body: form });
  if (!res.ok) throw new Error(`upload-invoices answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as UploadInvoicesResponse;
  const elapsed = performance.now() - started;
  const failed = body.results.filter((result) => !result.success);
  if (failed.length) throw new Error(`files failed: ${failed.map((f) => `${f.filename}: ${f.error}`).join('; ')}`);
  return elapsed;
}

// The first batch also starts the extractor worker and warms pdf.js; it is reported apart.
const cold = await uploadBatch(singlePage.slice(0, BATCH));
const timings: number[] = [];
for (let run = 1; run <= RUNS; run++) timings.push(await uploadBatch(singlePage.slice(run * BATCH, (run + 1) * BATCH)));
timings.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    benchmark: 'invoices-upload-batch',
    database: 'pglite',
    invoicesPerBatch: BATCH,
    runs: RUNS,
    coldMs: Math.round(cold),
    ms: spread(timings),
    goalMs: 3000,
  }),
);
await app.close();
await database.close();
await issuer.stop();
fs.rmSync(corpusDir, { recursive: true, force: true });
fs.rmSync(dataDir, { recursive: true, force: true });
