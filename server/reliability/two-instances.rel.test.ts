import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentDto, UploadResponse } from '@contract/documents';
import { makeScannedPdfPages, renderTextImage } from '../adapters/extractors/test-fixtures';
import { openDatabase } from '../db/client';
import { createEmptyPostgresDatabase } from '../test/databases';
import { freePort } from '../test/free-port';
import { startMain, waitReady, type MainProcess } from '../test/main-process';
import { signInFlow } from '../test/sign-in';
import { waitFor } from '../test/wait-for';

const PAGE_SIZE = { width: 1240, height: 1754 };
const ADMIN = { email: 'admin@example.com', password: 'two-instances-password' };
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Two KAI instances on one PostgreSQL, as behind a load balancer: the same public address and
 * secret, each its own port and process. State that matters lives in the database, so either
 * serves a user the other signed in, and a kill -9 of one in the middle of a queue of extractions
 * loses and repeats nothing.
 */
describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('serve one another’s users and finish the queue of a killed instance exactly once', { timeout: 240_000 }, async () => {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    const [portA, portB] = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${portA}`;
    const start = async (port: number): Promise<MainProcess> => {
      const main = startMain({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        KAI_PUBLIC_URL: publicUrl,
        KAI_SECRET: 'two-instances-secret-0123456789-abcdef',
        KAI_ADMIN_EMAIL: ADMIN.email,
        KAI_ADMIN_PASSWORD: ADMIN.password,
        KAI_EXTRACTION_LOCK_MS: '2000',
      });
      cleanups.push(() => main.child.exitCode === null && main.child.kill('SIGKILL'));
      await waitReady(`http://127.0.0.1:${port}/readyz`, 90_000, main.exited);
      return main;
    };
    const a = await start(portA);
    const b = await start(portB);
    const baseB = `http://127.0.0.1:${portB}`;

    // Signed in through A; B accepts the token, and refreshes it for use on A.
    const { tokens } = await signInFlow(publicUrl).signIn(ADMIN.email, ADMIN.password);
    const me = await fetch(`${baseB}/api/user/current`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
    // Behind a balancer the browser's origin is the public address, whichever instance answers.
    const refreshed = await fetch(`${baseB}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'kai-web' }).toString(),
    });
    const refreshedBody = (await refreshed.json()) as { access_token: string };
    expect(refreshed.status, JSON.stringify(refreshedBody)).toBe(200);
    const auth = { authorization: `Bearer ${refreshedBody.access_token}` };
    expect((await fetch(`${publicUrl}/api/user/current`, { headers: auth })).status).toBe(200);

    // 50 different documents through A (KAI keeps one copy of identical files): scans keep the
    // queue busy (OCR; five, so this file leaves CPU to the others), CSVs are read at once.
    const scans = new Map<string, Uint8Array<ArrayBuffer>>();
    for (let i = 0; i < 50; i += 10) {
      const page = await renderTextImage([`Delivery note 77${i}`, 'Signed on site by the foreman'], 'jpeg', PAGE_SIZE, 40);
      scans.set(`scan-${i}.pdf`, new Uint8Array(makeScannedPdfPages([page], PAGE_SIZE)));
    }
    const names = Array.from({ length: 50 }, (_, i) => (i % 10 === 0 ? `scan-${i}.pdf` : `costs-${i}.csv`));
    const ids: string[] = [];
    for (let batch = 0; batch < names.length; batch += 10) {
      const form = new FormData();
      for (const name of names.slice(batch, batch + 10)) {
        const bytes = scans.get(name) ?? new TextEncoder().encode(`job,cost code,amount\n${name},01-100,125.00\n`);
        form.append('files', new Blob([bytes]), name);
      }
      const uploaded = await fetch(`${publicUrl}/api/upload`, { method: 'POST', headers: auth, body: form });
      expect(uploaded.status).toBe(200);
      ids.push(...((await uploaded.json()) as UploadResponse).files.map((f) => f.id));
    }
    const list = async () => (await (await fetch(`${baseB}/api/documents`, { headers: auth })).json()) as DocumentDto[];
    await waitFor(list, (docs) => docs.some((d) => d.status === 'extracting'), 30_000);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();

    const settled = await waitFor(
      list,
      (docs) => docs.length === 50 && docs.every((d) => d.status === 'ready' || d.status === 'failed'),
      150_000,
      500,
    );
    expect(settled.filter((d) => d.status === 'ready')).toHaveLength(50);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect(b.output()).not.toContain('extraction result dropped');

    const check = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    try {
      const rows = async <T>(query: ReturnType<typeof sql>) => ((await check.db.execute(query)) as unknown as { rows: T[] }).rows;
      expect(await rows(sql`select count(*)::int as n from documents`)).toEqual([{ n: 50 }]);
      for (const id of ids) {
        const [passages] = await rows<{ total: number; distinct: number }>(
          sql`select count(*)::int as total, count(distinct (page, ordinal))::int as distinct from retrieval_chunks where document_key = ${id}`,
        );
        expect(passages.total, id).toBeGreaterThan(0);
        expect(passages.distinct, id).toBe(passages.total);
      }
      const [attempts] = await rows<{ most: number }>(sql`select max(attempts)::int as most from documents`);
      expect(attempts.most).toBeLessThanOrEqual(2);
    } finally {
      await check.close();
    }
  });
});
