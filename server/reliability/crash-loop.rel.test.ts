import { afterAll, describe, expect, it } from 'vitest';
import { DEV_ACCESS_TOKEN } from '@contract/auth';
import type { DocumentDto, UploadResponse } from '@contract/documents';
import { makeScannedPdfPages, renderTextImage } from '../adapters/extractors/test-fixtures';
import { restartableServer } from '../test/restartable-server';
import { waitFor } from '../test/wait-for';

const PAGE_SIZE = { width: 1240, height: 1754 };
const auth = { authorization: `Bearer ${DEV_ACCESS_TOKEN}` };
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A file that takes the server down every time it is read (simulated by kill -9 while it is being
 * read) must not be read for ever: after three reads that never finished it ends failed, once,
 * with a reason a user can act on. PostgreSQL only: PGlite's stale-lock wait would make each
 * restart take 15 s.
 */
describe.skipIf(!process.env.DATABASE_URL)('a file that kills KAI each time it is read (PostgreSQL)', () => {
  it('is set aside, failed, after three reads that never finished', { timeout: 150_000 }, async () => {
    const server = await restartableServer('postgres', { KAI_EXTRACTION_LOCK_MS: '1500' });
    cleanups.push(server.cleanup);
    const { base, start } = server;
    const documentOf = async (id: string) => (await (await fetch(`${base}/api/documents/${id}`, { headers: auth })).json()) as DocumentDto;

    // A scanned page keeps the reader busy for seconds (OCR): time enough to land the kill.
    const page = await renderTextImage(['Lien waiver for Apex Drywall', 'Signed by the foreman'], 'jpeg', PAGE_SIZE, 40);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(makeScannedPdfPages([page, page, page], PAGE_SIZE))]), 'poison.pdf');

    let main = await start();
    const uploaded = await fetch(`${base}/api/upload`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(200);
    const [{ id }] = ((await uploaded.json()) as UploadResponse).files;

    for (let crash = 1; crash <= 3; crash++) {
      const reading = await waitFor(
        () => documentOf(id),
        (doc) => doc.status === 'extracting',
        60_000,
      );
      expect(reading.status, `read ${crash}`).toBe('extracting');
      main.child.kill('SIGKILL');
      await main.exited;
      main = await start();
    }

    const settled = await waitFor(
      () => documentOf(id),
      (doc) => doc.status === 'failed' || doc.status === 'ready',
      30_000,
    );
    expect(settled.status).toBe('failed');
    expect(JSON.stringify(settled)).toContain('Reading this file stopped KAI 3 times; it was set aside.');
    // Set aside for good: it is not read a fourth time.
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await documentOf(id)).status).toBe('failed');
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
  });
});
