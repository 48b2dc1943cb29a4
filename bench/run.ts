import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: runs every benchmark script in its own process (so one's memory and JIT state
 * never colour another's figures); each prints one JSON object per measurement. Pass names to run
 * only some: `npm run bench -- chat-ttft`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const scripts = [
  'foundation.ts',
  'chat-ttft.ts',
  'retrieval/quality.ts',
  'retrieval/latency.ts',
  'retrieval/rag-public.ts',
  'upload/blob-throughput.ts',
  'upload/upload-to-searchable.ts',
  'extraction/index.ts',
  'invoices/index.ts',
  'invoices/upload-batch.ts',
  'vendors/matching.ts',
  'voice/tts.ts',
  'voice/wer.ts',
];
const wanted = process.argv.slice(2);
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');
let failed = 0;
for (const script of scripts.filter((s) => wanted.length === 0 || wanted.some((w) => s.includes(w)))) {
  process.stderr.write(`bench: ${script}\n`);
  const result = spawnSync(tsx, [path.join(here, script)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
