import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_ACCESS_TOKEN } from '@contract/auth';
import type { DocumentWithContent, UploadResponse } from '@contract/documents';
import { makeScannedPdfPages, renderTextImage } from '../../adapters/extractors/test-fixtures';
import { openDatabase } from '../../db/client';
import { databaseKinds } from '../../test/databases';
import { restartableServer } from '../../test/restartable-server';
import { retry, waitFor } from '../../test/wait-for';

const PAGES = 6;
const PAGE_SIZE = { width: 1240, height: 1754 };
const LOCK_MS = 2_000;
const auth = { authorization: `Bearer ${DEV_ACCESS_TOKEN}` };
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The real server, killed with SIGKILL while a scanned PDF is being OCRed, then started again on
 * the same data: the claim left behind expires (KAI_EXTRACTION_LOCK_MS) and the document is read
 * once more, to one result.
 */
describe.each(databaseKinds)('document extraction across kill -9 and a restart (%s)', (kind) => {
  it('finishes the interrupted document after the restart, exactly once', async () => {
    const server = await restartableServer(kind, { KAI_EXTRACTION_LOCK_MS: String(LOCK_MS) });
    cleanups.push(server.cleanup);
    const { base, start } = server;
    const status = async (id: string) =>
      ((await (await fetch(`${base}/api/document/${id}`, { headers: auth })).json()) as DocumentWithContent).status;

    const first = await start();
    const jpegs = await Promise.all(
      Array.from({ length: PAGES }, (_, i) =>
        renderTextImage([`Scanned delivery note 77${i + 1}0`, `Page ${i + 1} signed by the foreman`], 'jpeg', PAGE_SIZE, 40),
      ),
    );
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(makeScannedPdfPages(jpegs, PAGE_SIZE))]), 'delivery-notes.pdf');
    const uploaded = await fetch(`${base}/api/upload`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(200);
    const { id } = ((await uploaded.json()) as UploadResponse).files[0];

    // OCR of six pages takes seconds: the kill lands while the claim is held and nothing is written.
    expect(
      await waitFor(
        () => status(id),
        (s) => s !== 'queued',
        30_000,
      ),
    ).toBe('extracting');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    // PGlite's data directory lock of the killed process goes stale after 15 s; until then KAI
    // refuses to start and says why, as a supervisor restarting it would see.
    const second = await retry(start, (err) => /already using the data directory/.test(String(err)), 30_000);
    expect(
      await waitFor(
        () => status(id),
        (s) => s === 'ready' || s === 'failed',
        45_000,
      ),
    ).toBe('ready');
    const document = (await (await fetch(`${base}/api/document/${id}`, { headers: auth })).json()) as DocumentWithContent;
    for (let page = 1; page <= PAGES; page++) expect(document.processedContent).toContain(`Scanned delivery note 77${page}0`);
    expect(document.metadata).toMatchObject({ method: 'ocr', pages: PAGES });

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toContain('extraction result dropped');

    const database = await openDatabase(server.databaseUrl ? { databaseUrl: server.databaseUrl, dataDir: '' } : { dataDir: server.dataDir });
    try {
      const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      // One claim by the killed process, one after the restart.
      expect(await rows(sql`select status, attempts, locked_until from documents where id = ${id}`)).toEqual([
        { status: 'ready', attempts: 2, locked_until: null },
      ]);
      const [passages] = await rows<{ total: number; distinct: number; pages: number }>(
        sql`select count(*)::int as total, count(distinct (page, ordinal))::int as distinct, count(distinct page)::int as pages
            from retrieval_chunks where document_key = ${id}`,
      );
      expect(passages.total).toBeGreaterThan(0);
      expect(passages.distinct).toBe(passages.total);
      expect(passages.pages).toBe(PAGES);
    } finally {
      await database.close();
    }
  }, 120_000);
});
