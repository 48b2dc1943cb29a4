import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { figuresOf, formatTable, machine, parseJsonObjects, type Figure } from './results';

/**
 * `npm run bench`: runs every benchmark script in its own process (so one's memory and JIT state
 * never colour another's figures). Each prints JSON objects; their figures, with goals, references
 * measured in the same run and ratios, go to bench/results.json and one table. Pass names to run
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
  'web/initial-js.ts',
];
const wanted = process.argv.slice(2);
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');
const figures: Figure[] = [];
const details: Record<string, unknown[]> = {};
const failed: string[] = [];
const started = new Date();
for (const script of scripts.filter((s) => wanted.length === 0 || wanted.some((w) => s.includes(w)))) {
  process.stderr.write(`bench: ${script}\n`);
  const result = spawnSync(tsx, [path.join(here, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? '');
  if (result.status !== 0) failed.push(script);
  const objects = parseJsonObjects(result.stdout ?? '');
  details[script] = objects;
  figures.push(...objects.flatMap(figuresOf));
}

const results = { startedAt: started.toISOString(), finishedAt: new Date().toISOString(), machine: machine(), failed, figures, details };
fs.writeFileSync(path.join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(
  `\n${formatTable(figures)}\n\nbench: ${figures.length} figures in bench/results.json${failed.length ? `; failed: ${failed.join(', ')}` : ''}\n`,
);
process.exit(failed.length ? 1 : 0);
