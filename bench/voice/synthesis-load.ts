/**
 * `npx tsx bench/voice/synthesis-load.ts` (by hand: a minute or more, too long for `npm run bench`):
 * what reading answers aloud costs KAI and the other users (issue 27, finding 9). KAI runs in its
 * own process with the embedded flite voice. Figures: KAI's CPU per clip (POST
 * /api/voice/synthesize, then the whole GET of its audio) for a typical 600-character answer and
 * for the longest text the contract accepts, and another user's GET /api/documents latency, quiet
 * and while one user keeps six clips in flight (a refused clip is asked for again after its
 * Retry-After, at most a second). PGlite by default; PostgreSQL in a throwaway database when
 * DATABASE_URL is set.
 *
 * Two cores, PGlite / PostgreSQL. Before (flite on the event loop, 20,000 characters accepted):
 * list p50 4 / 2 ms quiet, 501 / 611 ms under six 600-character clips, 721 / 788 ms under six
 * 20,000-character clips (18-25 s of CPU and a 49 MB WAV each). After: 3-5 ms in every case; a
 * 600-character clip 160-240 ms of CPU, one at the 4,000-character cap 1.2 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_SPOKEN_TEXT_LENGTH } from '@contract/voice';
import { createEmptyPostgresDatabase } from '../../server/test/databases';
import { FakeIssuer } from '../../server/test/fake-issuer';
import { BENCH_AUDIENCE, benchTokens, freePort, processTreeCpuMs, startProcess } from '../support';

/** About 600 characters: a typical how-to answer. */
const TYPICAL_ANSWER = [
  'To release retainage on job 2310, open **Accounts Payable > Retainage Release** and pick the subcontract.',
  '',
  '1. Check that the lien waiver for the final payment is on file.',
  '2. Enter the amount to release: the full $48,250.00 held, or part of it.',
  '3. Code it to cost code 03-300 and post the batch for period 2026-12.',
  '4. Print the release report and send a copy to the project manager.',
  '',
  'The release goes out with the next check run. If the owner still holds retainage on the job, release only what the billing to the owner allows.',
  'Attach the signed waiver to the invoice so the auditors find it.',
].join('\n');
const PARALLEL_CLIPS = 6;
/** How long the other user's list is timed, quiet and under load. */
const LIST_MS = 5_000;

/** Markdown of the built-in guide, joined and cut at the contract's limit: a long, answer-like text. */
function guideText(length: number): string {
  const dir = path.join(import.meta.dirname, '..', '..', 'knowledge');
  let text = '';
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
    text += `${fs.readFileSync(path.join(dir, file), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '')}\n\n`;
    if (text.length >= length) break;
  }
  return text.slice(0, length);
}

const issuer = await new FakeIssuer().start();
const postgres = process.env.DATABASE_URL ? await createEmptyPostgresDatabase() : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-bench-voice-'));
const port = await freePort();
const kai = await startProcess(
  'server/main.ts',
  {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    KAI_DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    KAI_WEB_DIST: '/nonexistent',
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'bench',
    OIDC_AUDIENCE: BENCH_AUDIENCE,
    KAI_OFFLINE_SPEECH_INPUT: 'off',
    // The reader sends far more than a person would in a minute; the per-minute limiter is not what is measured.
    KAI_CHAT_RATE_LIMIT: '1000000',
  },
  /KAI is ready/,
);
const base = `http://127.0.0.1:${port}`;
const [reader, lister] = await benchTokens(issuer, 2);
const cpuMs = () => processTreeCpuMs(kai.pid!) ?? Number.NaN;

/** One clip read aloud as the web app does: POST, then the whole audio. */
async function clip(text: string): Promise<{ status: number; bytes: number; retryAfter?: number }> {
  const headers = { authorization: `Bearer ${reader}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/voice/synthesize`, { method: 'POST', headers, body: JSON.stringify({ text }) });
  const body = (await res.json()) as { audioUrl?: string };
  if (!res.ok || !body.audioUrl) return { status: res.status, bytes: 0, retryAfter: Number(res.headers.get('retry-after')) || undefined };
  const audio = await fetch(base + body.audioUrl, { headers: { authorization: `Bearer ${reader}` } });
  return { status: audio.status, bytes: (await audio.arrayBuffer()).byteLength };
}

async function cpuPerClip(text: string, runs = 3) {
  await clip(text);
  const before = cpuMs();
  let result = { status: 0, bytes: 0 };
  for (let i = 0; i < runs; i++) result = await clip(text);
  return {
    chars: text.length,
    status: result.status,
    cpuMsPerClip: Math.round((cpuMs() - before) / runs),
    // kal16: 16 kHz mono 16-bit, 32,000 bytes a second
    audioSeconds: Number((result.bytes / 32_000).toFixed(1)),
    wavMB: Number((result.bytes / 1e6).toFixed(1)),
  };
}

/** The other user's GET /api/documents, one after another for LIST_MS. */
async function listLatencies(): Promise<{ p50: number; p95: number; requests: number }> {
  const times: number[] = [];
  for (const until = performance.now() + LIST_MS; performance.now() < until;) {
    const started = performance.now();
    const res = await fetch(`${base}/api/documents`, { headers: { authorization: `Bearer ${lister}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET /api/documents answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  return { p50: at(0.5), p95: at(0.95), requests: times.length };
}

/** Another user's list while the reader keeps PARALLEL_CLIPS clips in flight; a refused clip is asked for again after Retry-After. */
async function underLoad(text: string) {
  let running = true;
  const counts = { clips: 0, refused: 0 };
  const loops = Array.from({ length: PARALLEL_CLIPS }, async () => {
    while (running) {
      const result = await clip(text);
      if (result.status === 200) counts.clips++;
      else {
        counts.refused++;
        await sleep(Math.min(1000, (result.retryAfter ?? 1) * 1000));
      }
    }
  });
  await sleep(500);
  const before = cpuMs();
  const started = performance.now();
  const list = await listLatencies();
  const seconds = (performance.now() - started) / 1000;
  const cpuShare = Number(((cpuMs() - before) / 1000 / seconds).toFixed(2));
  running = false;
  await Promise.all(loops);
  return { chars: text.length, listMs: list, kaiCpuCoresBusy: cpuShare, ...counts };
}

try {
  const atCap = guideText(MAX_SPOKEN_TEXT_LENGTH);
  await listLatencies(); // warm-up: KAI's first requests compile their code paths
  const quiet = await listLatencies();
  const typical = await cpuPerClip(TYPICAL_ANSWER);
  const cap = await cpuPerClip(atCap, 1);
  const loadTypical = await underLoad(TYPICAL_ANSWER);
  const loadCap = await underLoad(atCap);
  const setup = postgres ? 'postgres' : 'pglite';
  const rows = [
    { figure: 'voice.synthesis_cpu_ms_per_clip.600_chars', value: typical.cpuMsPerClip, unit: 'ms' },
    { figure: `voice.synthesis_cpu_ms_per_clip.${atCap.length}_chars`, value: cap.cpuMsPerClip, unit: 'ms' },
    { figure: `voice.other_user_list_p50_ms.quiet.${setup}`, value: quiet.p50, unit: 'ms' },
    { figure: `voice.other_user_list_p50_ms.six_clips_600_chars.${setup}`, value: loadTypical.listMs.p50, unit: 'ms' },
    { figure: `voice.other_user_list_p50_ms.six_clips_${atCap.length}_chars.${setup}`, value: loadCap.listMs.p50, unit: 'ms' },
  ];
  for (const row of rows) console.log(JSON.stringify(row));
  console.log(JSON.stringify({ benchmark: 'voice-synthesis-load', cores: os.availableParallelism(), quiet, typical, cap, loadTypical, loadCap }));
} finally {
  kai.kill('SIGTERM');
  await postgres?.drop();
  await issuer.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
