import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeTextPdf } from '../../server/adapters/extractors/test-fixtures';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { FakeIssuer } from '../../server/test/fake-issuer';
import { benchConfig, benchTokens, spread } from '../support';

/**
 * Upload-to-searchable latency for a 20-page text PDF: from the upload request to the first chat
 * search that finds a phrase from its last page (embedded PGlite on disk, the default).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const issuer = await new FakeIssuer().start();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-bench-upload-'));
const database = await openDatabase({ dataDir });
const app = await buildApp(benchConfig(issuer), { database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const [token] = await benchTokens(issuer, 1);
const auth = { authorization: `Bearer ${token}` };

const timings: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const marker = `Harborview${run}Tower`;
  const pages = Array.from({ length: 20 }, (_, p) =>
    Array.from({ length: 30 }, (_, line): [number, number, string] => [
      60,
      780 - line * 24,
      p === 19 && line === 29
        ? `Retainage for ${marker} is held at ten percent.`
        : `Page ${p + 1} line ${line + 1}: schedule of values, change orders and lien waivers for job 2417.`,
    ]),
  );
  const form = new FormData();
  form.append('purpose', 'analyze');
  form.append('files', new Blob([new Uint8Array(makeTextPdf(pages, `Run ${run}`))], { type: 'application/pdf' }), `contract-${run}.pdf`);
  const started = performance.now();
  const upload = await fetch(`${base}/api/upload`, { method: 'POST', headers: auth, body: form });
  if (!upload.ok) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
  for (;;) {
    const res = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: `retainage ${marker}`, source: 'uploaded', sessionId: 1 }),
    });
    const body = (await res.json()) as { message: { content: string } };
    if (body.message.content.includes(marker)) break;
    if (performance.now() - started > 60_000) throw new Error('never became searchable');
    await new Promise((r) => setTimeout(r, 50));
  }
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    benchmark: 'upload-to-searchable',
    database: 'pglite',
    pages: 20,
    runs: RUNS,
    ms: spread(timings),
    goalMs: 3000,
  }),
);
await app.close();
await database.close();
await issuer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
