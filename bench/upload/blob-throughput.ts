import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { BLOB_CHUNK_BYTES, readBlob, writeBlob } from '../../server/adapters/blob-storage';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createEmptyPostgresDatabase } from '../../server/test/databases';

/**
 * Writes a 25 MiB blob through writeBlob (in a transaction) and reads it back through readBlob,
 * on embedded PGlite in a temporary data directory (on disk, as `npm start` runs) and on
 * PostgreSQL when DATABASE_URL is set. Each database runs in its own process so one's memory
 * never colours the other's. Prints one JSON object per database: MB/s each way and the peak
 * growth of the process's RSS over its level just before the upload (goal: under 50 MiB).
 */
const MiB = 1024 * 1024;
const BLOB_BYTES = Number(process.env.BENCH_BLOB_MIB ?? 25) * MiB;
const PIECE_BYTES = 64 * 1024;
const SAMPLE_MS = 20;
const RSS_GOAL_MIB = 50;

const kind = process.argv[2];
if (kind === 'pglite' || kind === 'postgres') {
  await measure(kind);
} else {
  const tsx = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', '.bin', 'tsx');
  const kinds = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  let failed = 0;
  for (const k of kinds) {
    const result = spawnSync(tsx, [fileURLToPath(import.meta.url), k], { stdio: 'inherit', env: process.env });
    if (result.status !== 0) failed += 1;
  }
  process.exit(failed ? 1 : 0);
}

async function measure(kind: 'pglite' | 'postgres') {
  const { handle, dispose } = await open(kind);
  const db = handle.db;
  const openedRss = process.memoryUsage().rss;
  let peakRss = openedRss;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    peakRss = Math.max(peakRss, rss);
    phasePeak[phase] = Math.max(phasePeak[phase], rss);
  }, SAMPLE_MS);
  let phase: 'warmUp' | 'write' | 'read' = 'warmUp';
  const phasePeak = { warmUp: openedRss, write: 0, read: 0 };
  // Warm up both paths so the figures are not the JIT's and the first page faults.
  const warmId = randomUUID();
  await db.transaction((tx) => writeBlob(tx, warmId, generate(MiB, createHash('sha256')), { maxBytes: MiB }));
  for await (const _part of readBlob(db, warmId));

  const blobId = randomUUID();
  const baseline = process.memoryUsage().rss;
  phase = 'write';

  const sourceHash = createHash('sha256');
  let t = performance.now();
  const written = await db.transaction((tx) => writeBlob(tx, blobId, generate(BLOB_BYTES, sourceHash), { maxBytes: BLOB_BYTES }));
  const writeMs = performance.now() - t;

  phase = 'read';
  const readHash = createHash('sha256');
  let readBytes = 0;
  t = performance.now();
  for await (const part of readBlob(db, blobId)) {
    readHash.update(part as Buffer);
    readBytes += (part as Buffer).length;
    await nextTurn();
  }
  const readMs = performance.now() - t;
  clearInterval(sampler);

  const sha256 = sourceHash.digest('hex');
  if (written.sha256 !== sha256 || readHash.digest('hex') !== sha256 || readBytes !== BLOB_BYTES) {
    throw new Error('the bytes read back differ from those written');
  }
  const growthMiB = (peak: number) => Math.round(((peak - baseline) / MiB) * 10) / 10;
  const peakGrowth = growthMiB(Math.max(phasePeak.write, phasePeak.read));
  console.log(
    JSON.stringify(
      {
        benchmark: 'blob-throughput',
        database: kind === 'pglite' ? 'pglite (on disk)' : 'postgres',
        blobMiB: BLOB_BYTES / MiB,
        chunkKiB: BLOB_CHUNK_BYTES / 1024,
        writeMBps: Math.round((BLOB_BYTES / MiB / (writeMs / 1000)) * 10) / 10,
        readMBps: Math.round((BLOB_BYTES / MiB / (readMs / 1000)) * 10) / 10,
        rssAfterOpenMiB: Math.round(openedRss / MiB),
        rssBeforeUploadMiB: Math.round(baseline / MiB),
        peakRssGrowthMiB: { write: growthMiB(phasePeak.write), read: growthMiB(phasePeak.read), overall: peakGrowth },
        // The same peak over the level right after the database opened, i.e. including a 1 MiB warm-up.
        peakRssGrowthSinceOpenMiB: Math.round(((peakRss - openedRss) / MiB) * 10) / 10,
        goalMiB: RSS_GOAL_MIB,
        // The goal is the upload's (the write); reading it back is reported beside it.
        uploadWithinGoal: growthMiB(phasePeak.write) < RSS_GOAL_MIB,
      },
      null,
      2,
    ),
  );
  await dispose();
}

async function open(kind: 'pglite' | 'postgres'): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  if (kind === 'postgres') {
    const { url, drop } = await createEmptyPostgresDatabase();
    const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
    return { handle, dispose: async () => (await handle.close(), await drop()) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-bench-blob-'));
  const handle = await openDatabase({ dataDir });
  return { handle, dispose: async () => (await handle.close(), fs.rmSync(dataDir, { recursive: true, force: true })) };
}

/**
 * Random bytes made as they are asked for, as an upload arrives: never the whole file at once.
 * Each piece waits a turn of the event loop, as socket data does; without it PGlite's queries
 * resolve in microtasks only and the RSS sampler (a timer) would never run.
 */
async function* generate(total: number, hash: ReturnType<typeof createHash>): AsyncGenerator<Uint8Array> {
  for (let sent = 0; sent < total; sent += PIECE_BYTES) {
    await nextTurn();
    const piece = randomBytes(Math.min(PIECE_BYTES, total - sent));
    hash.update(piece);
    yield piece;
  }
}
