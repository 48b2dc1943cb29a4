import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddingsClient, type EmbeddingsClient } from '../../adapters/embeddings';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createTestDatabase } from '../../test/databases';
import { indexGuide } from './guide-indexer';
import { rowsOf } from './retrieval.repository';
import { createRetrievalService, prepareVectorSearch } from './retrieval.service';
import { FakeEmbeddingsServer } from '../../test/fake-embeddings-server';
import { openPgliteWithoutVector } from './testing/vector-database';
import { VectorStoreUnavailableError } from './vector.repository';

const GUIDE: Record<string, string> = {
  payroll: '# Payroll\n\nRun payroll every week: enter timecards, approve hours, print pay stubs for each employee.\n',
  retainage: '# Retainage\n\nRetainage is held back from each subcontractor payment until the subcontract is complete.\n',
  checks: '# Check runs\n\nA check run pays approved vendor invoices in one batch on blank check stock.\n',
};

/** "salary" and "wages" mean "payroll" to the fake model; keyword search has no such synonym. */
const MEANINGS = { salary: 'payroll', wage: 'payroll', earning: 'payroll' };

describe('hybrid search with embeddings (pglite + pgvector, fake OpenAI-compatible server)', () => {
  let server: FakeEmbeddingsServer;
  let embeddings: EmbeddingsClient;
  let database: { db: Database; close: () => Promise<void> };
  let dir: string;

  beforeAll(async () => {
    server = await new FakeEmbeddingsServer(64, MEANINGS).start();
    embeddings = createEmbeddingsClient({ baseUrl: server.baseUrl, model: 'fake-embed', dimensions: 64, retryDelayMs: 5 });
    const opened = await createTestDatabase('pglite');
    database = { db: opened.handle.db, close: opened.dispose };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-guide-'));
    for (const [slug, text] of Object.entries(GUIDE)) fs.writeFileSync(path.join(dir, `${slug}.md`), text);
  });
  afterAll(async () => {
    await database.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await database.db.execute(query))[0].n;

  it('embeds guide chunks at index time, in the side table', async () => {
    expect(await indexGuide({ db: database.db, dirs: [dir], embeddings })).toEqual({ indexed: 3, unchanged: 0, removed: 0 });
    expect(await count(sql`select count(*)::int as n from retrieval_embeddings`)).toBe(
      await count(sql`select count(*)::int as n from retrieval_chunks`),
    );
  });

  it('finds by meaning what keyword search cannot, and keeps keyword hits', async () => {
    const keywordOnly = createRetrievalService({ db: database.db });
    const hybrid = createRetrievalService({ db: database.db, embeddings });
    expect(await keywordOnly.searchGuide('salary')).toEqual([]);
    const [top] = await hybrid.searchGuide('salary');
    expect(top).toMatchObject({ documentKey: 'payroll', corpus: 'guide' });
    expect(top.score).toBeCloseTo(1 / 61);
    const retainage = await hybrid.searchGuide('retainage subcontractor');
    expect(retainage[0].documentKey).toBe('retainage');
    expect(retainage[0].score).toBeCloseTo(2 / 61);
  });

  it('applies the owner filter to vector search too, and cascades deletes to vectors', async () => {
    const [a, b] = await database.db
      .insert(users)
      .values([
        { issuer: 't', subject: 'a' },
        { issuer: 't', subject: 'b' },
      ])
      .returning({ id: users.id });
    const service = createRetrievalService({ db: database.db, embeddings });
    await service.indexUploadedDocument({
      ownerId: a.id,
      documentId: 'a-doc',
      title: 'Timesheet',
      pages: [{ page: 1, text: 'Overtime wages for week 12.' }],
    });
    expect((await service.searchUploaded(a.id, 'salary'))[0]).toMatchObject({ documentKey: 'a-doc', page: 1 });
    expect(await service.searchUploaded(b.id, 'salary')).toEqual([]);
    await service.deleteUploadedDocument(a.id, 'a-doc');
    expect(
      await count(
        sql`select count(*)::int as n from retrieval_embeddings e join retrieval_chunks c on c.id = e.chunk_id where c.corpus = 'uploaded'`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from retrieval_chunks where corpus = 'uploaded'`)).toBe(0);
  });

  it('falls back to keyword results when the provider fails at query time, and catches up later', async () => {
    const service = createRetrievalService({ db: database.db, embeddings });
    server.failNext(500, 500, 500, 500);
    expect((await service.searchGuide('retainage'))[0].documentKey).toBe('retainage');

    fs.writeFileSync(path.join(dir, 'joint-checks.md'), '# Joint checks\n\nA joint check pays a subcontractor and its supplier together.\n');
    // Four failed attempts for the new article, four more for the catch-up pass of the same run.
    server.failNext(...new Array(8).fill(500));
    await indexGuide({ db: database.db, dirs: [dir], embeddings });
    const missing = sql`select count(*)::int as n from retrieval_chunks c left join retrieval_embeddings e on e.chunk_id = c.id where e.chunk_id is null`;
    expect(await count(missing)).toBeGreaterThan(0);
    await indexGuide({ db: database.db, dirs: [dir], embeddings });
    expect(await count(missing)).toBe(0);
  });

  it('re-embeds everything when the model changes to another vector size', async () => {
    const small = await new FakeEmbeddingsServer(32, MEANINGS).start();
    try {
      const other = createEmbeddingsClient({ baseUrl: small.baseUrl, model: 'fake-small', dimensions: 32 });
      await indexGuide({ db: database.db, dirs: [dir], embeddings: other });
      expect(await count(sql`select count(*)::int as n from retrieval_embeddings where model = 'fake-small'`)).toBe(
        await count(sql`select count(*)::int as n from retrieval_chunks`),
      );
      expect((await createRetrievalService({ db: database.db, embeddings: other }).searchGuide('wages'))[0].documentKey).toBe('payroll');
    } finally {
      await small.stop();
    }
  });
});

describe('embeddings configured without pgvector', () => {
  it('fails with a clear error on PGlite without the extension', async () => {
    const database = await openPgliteWithoutVector();
    try {
      const embeddings = { dimensions: 8, model: 'm', embed: async (t: string[]) => t.map(() => new Array(8).fill(0.1)) };
      await expect(prepareVectorSearch({ db: database.db, embeddings })).rejects.toBeInstanceOf(VectorStoreUnavailableError);
      await expect(createRetrievalService({ db: database.db, embeddings }).searchGuide('x')).rejects.toThrow(/pgvector extension is not available/);
      expect(await createRetrievalService({ db: database.db }).searchGuide('x')).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)('on PostgreSQL: works when pgvector is installed, else names the problem', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const embeddings = { dimensions: 8, model: 'm', embed: async (t: string[]) => t.map(() => new Array(8).fill(0.1)) };
      const available = rowsOf<{ n: number }>(
        await database.handle.db.execute(sql`select count(*)::int as n from pg_available_extensions where name = 'vector'`),
      )[0].n;
      if (available) {
        await prepareVectorSearch({ db: database.handle.db, embeddings });
        const service = createRetrievalService({ db: database.handle.db, embeddings });
        const [user] = await database.handle.db.insert(users).values({ issuer: 't', subject: 'pg' }).returning({ id: users.id });
        await service.indexUploadedDocument({ ownerId: user.id, documentId: 'd', title: 'T', pages: [{ page: 1, text: 'retainage held' }] });
        expect((await service.searchUploaded(user.id, 'retainage'))[0].documentKey).toBe('d');
      } else {
        await expect(prepareVectorSearch({ db: database.handle.db, embeddings })).rejects.toThrow(/pgvector extension is not available/);
      }
    } finally {
      await database.dispose();
    }
  });
});
