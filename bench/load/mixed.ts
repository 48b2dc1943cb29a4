/**
 * `npm run test:load`: 50 simulated users for 2 minutes against KAI on PostgreSQL with one HTTP
 * process per core (KAI_WORKERS): they list sessions, documents and invoices, ask the fake model,
 * upload small CSV files and send invoice batches, with a think time between steps. Everything
 * binds to 127.0.0.1 and stops by itself. Goals (issue 17): errors under 0.1%, non-chat p95 under
 * 300 ms (lists and plain uploads; invoice batches are reported apart). Prints JSON figures and exits 1 when a goal is missed.
 *
 * LOAD_USERS, LOAD_SECONDS and LOAD_PROCESSES change the size; DATABASE_URL is required.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmptyPostgresDatabase } from '../../server/test/databases';
import { FakeIssuer } from '../../server/test/fake-issuer';
import { generateCorpus } from '../invoices/synthetic/generate';
import { percentile } from '../retrieval/rag-metrics';
import { BENCH_AUDIENCE, benchTokens, freePort, seededRandom, startProcess } from '../support';
import { STEPS, type Step } from './steps';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const PROCESSES = Number(process.env.LOAD_PROCESSES ?? os.availableParallelism());
const GOALS = { errorShare: 0.001, nonChatP95Ms: 300 };

if (!process.env.DATABASE_URL) {
  process.stderr.write('test:load needs DATABASE_URL (PostgreSQL): several KAI processes share it.\n');
  process.exit(2);
}

const issuer = await new FakeIssuer().start();
const modelPort = await freePort();
const model = await startProcess(
  'bench/processes/fake-model.ts',
  { MODEL_PORT: String(modelPort), MODEL_TOKEN_DELAY_MS: '25', MODEL_ANSWER_TOKENS: '40' },
  /fake model ready/,
);
const database = await createEmptyPostgresDatabase();
const port = await freePort();
const kai = await startProcess(
  'server/main.ts',
  {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    KAI_WORKERS: String(PROCESSES),
    KAI_WEB_DIST: '/nonexistent',
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: BENCH_AUDIENCE,
    LLM_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
    LLM_MODEL: 'bench-model',
    // Simulated users act faster than people: the limits and quotas must not be what is measured.
    KAI_CHAT_RATE_LIMIT: '1000000',
    KAI_UPLOAD_RATE_LIMIT: '1000000',
    KAI_UPLOAD_QUOTA_FILES: '100000',
  },
  /guide index up to date/,
);

const corpusDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-load-'));
await generateCorpus(corpusDir, 6, 9107);
const invoicePdfs = fs
  .readdirSync(corpusDir)
  .filter((name) => name.endsWith('.pdf'))
  .map((name) => ({ name, bytes: fs.readFileSync(path.join(corpusDir, name)) }));
const tokens = await benchTokens(issuer, USERS);

interface Sample {
  step: Step['name'];
  ms: number;
  ok: boolean;
  detail?: string;
}
const samples: Sample[] = [];
const base = `http://127.0.0.1:${port}`;
const until = performance.now() + SECONDS * 1000;

async function simulateUser(index: number): Promise<void> {
  const random = seededRandom(1000 + index);
  const context = { base, headers: { authorization: `Bearer ${tokens[index]}` }, invoicePdfs, random };
  // Users arrive over the first ten seconds, as a team does when the day starts.
  await new Promise((r) => setTimeout(r, random() * 10_000));
  while (performance.now() < until) {
    const step = pickStep(random());
    const started = performance.now();
    try {
      const failure = await step.run(context);
      samples.push({ step: step.name, ms: performance.now() - started, ok: failure === undefined, detail: failure });
    } catch (err) {
      samples.push({ step: step.name, ms: performance.now() - started, ok: false, detail: (err as Error).message });
    }
    await new Promise((r) => setTimeout(r, 500 + random() * 1500));
  }
}

function pickStep(roll: number): Step {
  let sum = 0;
  for (const step of STEPS) {
    sum += step.weight;
    if (roll < sum) return step;
  }
  return STEPS[0];
}

process.stderr.write(`load: ${USERS} users for ${SECONDS} s against ${PROCESSES} KAI processes\n`);
await Promise.all(Array.from({ length: USERS }, (_, i) => simulateUser(i)));

/** Whole milliseconds; 0 for a step nobody happened to take. */
const msAt = (values: number[], p: number) => (values.length ? Math.round(percentile(values, p)) : 0);
const errors = samples.filter((s) => !s.ok);
// Invoice batches read PDFs for seconds by nature (their own goal: 3 s for ten); the 300 ms goal
// is for what a user waits on between steps: lists and plain uploads.
const nonChat = samples.filter((s) => s.step === 'lists' || s.step === 'upload').map((s) => s.ms);
const errorShare = samples.length ? errors.length / samples.length : 1;
const nonChatP95 = msAt(nonChat, 0.95);
const byStep = Object.fromEntries(
  STEPS.map(({ name }) => {
    const of = samples.filter((s) => s.step === name);
    const times = of.map((s) => s.ms);
    return [name, { count: of.length, errors: of.filter((s) => !s.ok).length, p50Ms: msAt(times, 0.5), p95Ms: msAt(times, 0.95) }];
  }),
);
const figures = [
  { figure: 'load.requests', value: samples.length, unit: 'requests', better: 'higher' },
  { figure: 'load.error_share', value: Number(errorShare.toFixed(5)), unit: 'share', goal: GOALS.errorShare },
  { figure: 'load.non_chat_p95_ms', value: nonChatP95, unit: 'ms', goal: GOALS.nonChatP95Ms },
  { figure: 'load.chat_answer_p95_ms', value: byStep.chat?.p95Ms ?? 0, unit: 'ms' },
  { figure: 'load.invoice_batch_of_2_p95_ms', value: byStep.invoices?.p95Ms ?? 0, unit: 'ms', goal: 3000 },
];
for (const figure of figures) console.log(JSON.stringify(figure));
console.log(
  JSON.stringify({ benchmark: 'load-mixed', users: USERS, seconds: SECONDS, processes: PROCESSES, byStep, firstErrors: errors.slice(0, 5) }),
);

kai.kill('SIGTERM');
model.kill('SIGTERM');
await new Promise((r) => kai.once('exit', r));
await database.drop();
await issuer.stop();
fs.rmSync(corpusDir, { recursive: true, force: true });
process.exit(errorShare < GOALS.errorShare && nonChatP95 < GOALS.nonChatP95Ms ? 0 : 1);
