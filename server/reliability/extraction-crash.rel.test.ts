import { sql } from 'drizzle-orm';
import { afterAll, describe, it } from 'vitest';
import { DEV_ACCESS_TOKEN } from '@contract/auth';
import type { DocumentDto, UploadResponse } from '@contract/documents';
import { makeScannedPdfPages, makeZipBombXlsx, renderTextImage } from '../adapters/extractors/test-fixtures';
import { openDatabase } from '../db/client';
import { databaseKinds } from '../test/databases';
import { restartableServer } from '../test/restartable-server';
import { retry, waitFor } from '../test/wait-for';

const PAGE_SIZE = { width: 1240, height: 1754 };
const LOCK_MS = 2_000;
const auth = { authorization: `Bearer ${DEV_ACCESS_TOKEN}` };
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Upload {
  name: string;
  bytes: Buffer;
  /** What the document must end as, and a phrase its text (ready) or reason (failed) holds. */
  ends: 'ready' | 'failed';
  says: string;
}

/** Scanned PDFs keep the queue busy for seconds (OCR); CSVs are read at once; the bomb fails. */
async function uploads(): Promise<Upload[]> {
  const scan = async (n: number): Promise<Upload> => {
    const page = await renderTextImage([`Delivery note 5${n}10`, 'Signed on site by the foreman'], 'jpeg', PAGE_SIZE, 40);
    return { name: `scan-${n}.pdf`, bytes: makeScannedPdfPages([page], PAGE_SIZE), ends: 'ready', says: `Delivery note 5${n}10` };
  };
  const csv = (n: number): Upload => ({
    name: `costs-${n}.csv`,
    bytes: Buffer.from(`job,cost code,amount\nJOB-${n}00,01-100,${n}250.00\n`),
    ends: 'ready',
    says: `JOB-${n}00`,
  });
  return [
    await scan(1),
    csv(1),
    await scan(2),
    csv(2),
    { name: 'bomb.xlsx', bytes: makeZipBombXlsx(20), ends: 'failed', says: 'ZIP bomb' },
    await scan(3),
    csv(3),
  ];
}

/**
 * The real server, killed with SIGKILL while its queue holds documents being read and waiting to
 * be read, then started again on the same data: every document ends ready or failed, once, with
 * one set of search passages.
 */
describe('queued extractions across kill -9 and a restart', () => {
  // Side by side: each mostly waits (for a restart, for PGlite's stale lock) in its own process.
  it.concurrent.for(databaseKinds)('end each queued document ready or failed exactly once (%s)', { timeout: 150_000 }, async (kind, { expect }) => {
    const server = await restartableServer(kind, { KAI_EXTRACTION_LOCK_MS: String(LOCK_MS) });
    cleanups.push(server.cleanup);
    const { base, start } = server;
    const list = async () => (await (await fetch(`${base}/api/documents`, { headers: auth })).json()) as DocumentDto[];

    const files = await uploads();
    const first = await start();
    const form = new FormData();
    for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
    const uploaded = await fetch(`${base}/api/upload`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(200);
    const ids = new Map(((await uploaded.json()) as UploadResponse).files.map((f) => [f.name, f.id]));
    expect(ids.size).toBe(files.length);

    // The kill lands with one document claimed and others still waiting their turn.
    const atKill = await waitFor(list, (docs) => docs.some((d) => d.status === 'extracting') && docs.some((d) => d.status === 'queued'), 30_000);
    expect(atKill.map((d) => d.status)).toContain('queued');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    // PGlite: the killed process's data directory lock goes stale after 15 s; until then KAI
    // refuses to start, as a supervisor restarting it would see.
    const second = await retry(start, (err) => /already using the data directory/.test(String(err)), 30_000);
    const settled = await waitFor(list, (docs) => docs.every((d) => d.status === 'ready' || d.status === 'failed'), 60_000);
    expect(settled.map((d) => d.status).sort()).toEqual(files.map((f) => f.ends).sort());
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // A result written by two workers would be dropped once, with this warning.
    expect(second.output()).not.toContain('extraction result dropped');

    const database = await openDatabase(server.databaseUrl ? { databaseUrl: server.databaseUrl, dataDir: '' } : { dataDir: server.dataDir });
    try {
      const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      expect(await rows(sql`select count(*)::int as n from documents`)).toEqual([{ n: files.length }]);
      for (const file of files) {
        const id = ids.get(file.name)!;
        const [document] = await rows<{
          status: string;
          attempts: number;
          locked_until: unknown;
          processed_content: string | null;
          failure_reason: string | null;
        }>(sql`select status, attempts, locked_until, processed_content, failure_reason from documents where id = ${id}`);
        const [passages] = await rows<{ total: number; distinct: number }>(
          sql`select count(*)::int as total, count(distinct (page, ordinal))::int as distinct from retrieval_chunks where document_key = ${id}`,
        );
        expect(document.status, file.name).toBe(file.ends);
        expect(document.locked_until, file.name).toBeNull();
        // One claim before the kill at most, one after it.
        expect(document.attempts, file.name).toBeGreaterThanOrEqual(1);
        expect(document.attempts, file.name).toBeLessThanOrEqual(2);
        expect(passages.distinct, file.name).toBe(passages.total);
        if (file.ends === 'ready') {
          expect(document.processed_content, file.name).toContain(file.says);
          expect(passages.total, file.name).toBeGreaterThan(0);
        } else {
          expect(document.failure_reason, file.name).toContain(file.says);
          expect(passages.total, file.name).toBe(0);
        }
      }
    } finally {
      await database.close();
    }
  });
});
