import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FakeIssuer } from '../server/test/fake-issuer';
import { createEmptyPostgresDatabase } from '../server/test/databases';
import { BENCH_AUDIENCE, benchTokens, freePort, processTreeCpuMs, startProcess } from './support';

/**
 * Time to first token through KAI versus calling the same fake OpenAI-compatible server
 * directly, at 1, 50 and 200 concurrent streams. With PostgreSQL, `BENCH_KAI_WORKERS=N` runs KAI
 * as N HTTP processes (KAI_WORKERS; the CPU figures then sum the processes). The client (this process), KAI and the model
 * server each run in their own process, as they would in production. KAI's overhead includes
 * what a real request does before the model is called: token check, session lookup, history,
 * guide retrieval, storing the question.
 *
 * The model paces its tokens TOKEN_DELAY_MS apart, as a fast hosted model does. "50 concurrent
 * streams" is 50 clients that each ask, read the whole answer, and ask again, started spread over
 * one stream's length: 50 streams are open at every moment, and new questions arrive while the
 * others stream. Answers are 20 tokens long first (half a second: a new question every 10 ms, the
 * stress case), then 200 tokens (five seconds, the length of a typical how-to answer).
 * `burst50` is 50 questions sent in the same millisecond.
 */
const REQUESTS_PER_STREAM = Number(process.env.BENCH_REQUESTS_PER_STREAM ?? 6);
const WORKERS = process.env.DATABASE_URL ? process.env.BENCH_KAI_WORKERS : undefined;
const TOKEN_DELAY_MS = 25;
const SHORT_ANSWER = 20;
const TYPICAL_ANSWER = 200;

const issuer = await new FakeIssuer().start();
const modelPort = await freePort();
/** The fake model in its own process; restarted on the same port to change the answer length. */
const startModel = (answerTokens: number) =>
  startProcess(
    'bench/processes/fake-model.ts',
    { MODEL_PORT: String(modelPort), MODEL_TOKEN_DELAY_MS: String(TOKEN_DELAY_MS), MODEL_ANSWER_TOKENS: String(answerTokens) },
    /fake model ready/,
  );
let model = await startModel(SHORT_ANSWER);
const modelUrl = `http://127.0.0.1:${modelPort}/v1`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-bench-chat-'));
// PGlite by default; PostgreSQL in a throwaway database when DATABASE_URL is set.
const postgres = process.env.DATABASE_URL ? await createEmptyPostgresDatabase() : undefined;
const kaiPort = await freePort();
const kai = await startProcess(
  'server/main.ts',
  {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(kaiPort),
    LOG_LEVEL: 'info',
    KAI_DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    KAI_WEB_DIST: '/nonexistent',
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: BENCH_AUDIENCE,
    LLM_BASE_URL: modelUrl,
    LLM_MODEL: 'bench-model',
    // Each bench user sends far more than a person would in a minute; the limiter still runs.
    KAI_CHAT_RATE_LIMIT: '1000000',
    ...(WORKERS ? { KAI_WORKERS: WORKERS } : {}),
    ...(process.env.BENCH_BUDGET ? { KAI_DAILY_TOKEN_BUDGET: process.env.BENCH_BUDGET } : {}),
  },
  /guide index up to date/,
);
const kaiUrl = `http://127.0.0.1:${kaiPort}/api/chat`;
const tokens = await benchTokens(issuer, 200);

async function firstChunkMs(url: string, init: RequestInit, marker: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let at = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (!at && seen.includes(marker)) at = performance.now() - started;
  }
  if (!at) throw new Error(`no first token from ${url}`);
  return at;
}

const direct = () =>
  firstChunkMs(
    `${modelUrl}/chat/completions`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'How do I release retainage?' }] }),
    },
    'word0',
  );

const throughKai = (i: number) =>
  firstChunkMs(
    kaiUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${tokens[i % tokens.length]}` },
      body: JSON.stringify({ message: 'How do I release retainage on a subcontract?', source: 'structure', sessionId: 1 }),
    },
    'event: token',
  );

let answerTokens = SHORT_ANSWER;

/** `streams` clients, each asking `perStream` times in a row, started spread over one stream's length. */
async function sustained(streams: number, perStream: number, run: (i: number) => Promise<number>): Promise<number[]> {
  const all: number[] = [];
  await Promise.all(
    Array.from({ length: streams }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * answerTokens * TOKEN_DELAY_MS) / streams));
      for (let k = 0; k < perStream; k++) all.push(await run(i));
    }),
  );
  return all.sort((a, b) => a - b);
}

async function burst(size: number, rounds: number, run: (i: number) => Promise<number>): Promise<number[]> {
  const all: number[] = [];
  for (let round = 0; round < rounds; round++) all.push(...(await Promise.all(Array.from({ length: size }, (_, i) => run(i)))));
  return all.sort((a, b) => a - b);
}

/** KAI's timings, with the CPU its process spent per answer meanwhile. */
async function kaiPhase(phase: Promise<number[]>): Promise<{ timings: number[]; cpuMsPerAnswer?: number }> {
  const before = processTreeCpuMs(kai.pid!);
  const timings = await phase;
  const after = processTreeCpuMs(kai.pid!);
  return {
    timings,
    cpuMsPerAnswer: before === undefined || after === undefined ? undefined : Number(((after - before) / timings.length).toFixed(1)),
  };
}

const pct = (sorted: number[], p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))].toFixed(2));
const compare = (d: number[], { timings: k, cpuMsPerAnswer }: Awaited<ReturnType<typeof kaiPhase>>) => ({
  samples: k.length,
  kaiCpuMsPerAnswer: cpuMsPerAnswer,
  directMs: { p50: pct(d, 0.5), p99: pct(d, 0.99) },
  kaiMs: { p50: pct(k, 0.5), p99: pct(k, 0.99) },
  overheadMs: { p50: Number((pct(k, 0.5) - pct(d, 0.5)).toFixed(2)), p99: Number((pct(k, 0.99) - pct(d, 0.99)).toFixed(2)) },
});

await sustained(1, 20, () => throughKai(0)); // warm-up: JIT, first session rows, retrieval caches
await sustained(50, 1, throughKai);
const results = {
  concurrency1: compare(await sustained(1, 50, direct), await kaiPhase(sustained(1, 50, () => throughKai(0)))),
  concurrency50: compare(await sustained(50, REQUESTS_PER_STREAM, direct), await kaiPhase(sustained(50, REQUESTS_PER_STREAM, throughKai))),
  burst50: compare(await burst(50, 3, direct), await kaiPhase(burst(50, 3, throughKai))),
  concurrency200: compare(await sustained(200, REQUESTS_PER_STREAM, direct), await kaiPhase(sustained(200, REQUESTS_PER_STREAM, throughKai))),
};
const exited = (child: typeof kai) => new Promise((resolve) => child.once('exit', resolve));
model.kill('SIGTERM');
await exited(model);
model = await startModel(TYPICAL_ANSWER);
answerTokens = TYPICAL_ANSWER;
const typical = Math.max(1, Math.round(REQUESTS_PER_STREAM / 2));
const concurrency50TypicalAnswers = compare(await sustained(50, typical, direct), await kaiPhase(sustained(50, typical, throughKai)));
const concurrency200TypicalAnswers = compare(await sustained(200, typical, direct), await kaiPhase(sustained(200, typical, throughKai)));
console.log(
  JSON.stringify(
    {
      benchmark: 'chat-time-to-first-token',
      database: postgres ? 'postgres' : 'pglite',
      processes: Number(WORKERS ?? 1) || WORKERS,
      tokenDelayMs: TOKEN_DELAY_MS,
      answerTokens: SHORT_ANSWER,
      goal: { p50Ms: 5, p99Ms: 20 },
      ...results,
      concurrency50TypicalAnswers: { answerTokens: TYPICAL_ANSWER, ...concurrency50TypicalAnswers },
      concurrency200TypicalAnswers: { answerTokens: TYPICAL_ANSWER, ...concurrency200TypicalAnswers },
    },
    null,
    2,
  ),
);

kai.kill('SIGTERM');
model.kill('SIGTERM');
await Promise.all([exited(kai), exited(model)]);
await postgres?.drop();
await issuer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
