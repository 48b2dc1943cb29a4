import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithContent, UploadResponse } from '@contract/documents';
import { makeZipBombXlsx } from '../../adapters/extractors/test-fixtures';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { createRetrievalService } from '../retrieval';
import { createDocumentsRepository } from './documents.repository';
import { MAX_ATTEMPTS, startDocumentWorker, type DocumentWorker } from './documents.queue';
import { buildDocumentsTestApp, uploadForm } from '../../test/documents-app';

const AUDIENCE = 'https://kai.example.com/api';

describe.each(databaseKinds)('document queue (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: FastifyInstance;
  let small: FastifyInstance;
  let drain: () => Promise<void>;
  let documentQueue: DocumentWorker;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    const identity = { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE };
    ({ app, drain, documentQueue } = await buildDocumentsTestApp(database.handle, identity));
    ({ app: small } = await buildDocumentsTestApp(database.handle, { ...identity, KAI_UPLOAD_QUOTA_FILES: '2', KAI_UPLOAD_QUOTA_BYTES: '1000' }));
  });
  afterAll(async () => {
    await small?.close();
    await app?.close();
    await database?.dispose();
    await issuer?.stop();
  });

  const auth = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE })}` });
  const uploadOne = async (target: FastifyInstance, sub: string, name: string, bytes: Uint8Array | string) => {
    const res = await target.inject({ method: 'POST', url: '/api/upload', headers: await auth(sub), payload: uploadForm([{ name, bytes }]) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as UploadResponse).files[0];
  };
  const getDocument = async (sub: string, id: string) =>
    (await app.inject({ url: `/api/document/${id}`, headers: await auth(sub) })).json() as DocumentWithContent;
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await database.handle.db.execute(query)) as unknown as { rows: Array<{ n: unknown }> };
    return Number(result.rows[0].n);
  };

  it('fails a hostile file with a readable reason while the server keeps answering', async () => {
    const bomb = await uploadOne(app, 'mia', 'bomb.xlsx', makeZipBombXlsx(20));
    await drain();
    const document = await getDocument('mia', bomb.id);
    expect(document).toMatchObject({ status: 'failed', processedContent: null });
    expect(document.failureReason).toBe('The Excel workbook was refused: a part is compressed 1029:1, which looks like a ZIP bomb.');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const attempts = await count(sql`select attempts as n from documents where id = ${bomb.id}`);
    expect(attempts).toBe(1);
  });

  it('cites a document by the name its bytes were uploaded under last', async () => {
    const bytes = 'item,amount\nCulvert Pipe Delivery,10\n';
    const first = await uploadOne(app, 'nora', 'scan001.csv', bytes);
    await drain();
    const userId = (await database.handle.db.execute(sql`select id from users where subject = 'nora'`)) as unknown as { rows: Array<{ id: string }> };
    const cited = async () => (await createRetrievalService({ db: database.handle.db }).searchUploaded(userId.rows[0].id, 'culvert pipe'))[0];
    expect(await cited()).toMatchObject({ documentKey: first.id, title: 'scan001.csv' });
    expect(await uploadOne(app, 'nora', 'culvert-delivery.csv', bytes)).toMatchObject({ id: first.id, duplicate: true });
    expect(await cited()).toMatchObject({ documentKey: first.id, title: 'culvert-delivery.csv' });
  });

  it('stores exactly one result when a stale worker finishes after a newer claim', async () => {
    const file = await uploadOne(app, 'noah', 'stale.csv', 'vendor,amount\nFresh Concrete,10\n');
    const repository = createDocumentsRepository(database.handle.db);
    const stale = await repository.claimNext(60_000, MAX_ATTEMPTS);
    expect(stale).toMatchObject({ id: file.id, attempts: 1, status: 'extracting' });
    // Nothing to claim while the lock holds.
    expect(await documentQueue.runOnce()).toBe(false);
    await database.handle.db.execute(sql`update documents set locked_until = now() - interval '1 second' where id = ${file.id}`);
    expect(await documentQueue.runOnce()).toBe(true);
    const fresh = await getDocument('noah', file.id);
    expect(fresh.status).toBe('ready');
    expect(fresh.processedContent).toContain('Fresh Concrete');

    expect(await repository.markReady(file.id, 1, { processedContent: 'stale text', metadata: {} })).toBe(false);
    expect(await repository.markFailed(file.id, 1, 'stale failure')).toBe(false);
    expect(await repository.requeue(file.id, 1)).toBe(false);
    expect(await getDocument('noah', file.id)).toMatchObject({ status: 'ready', processedContent: fresh.processedContent, failureReason: null });
    expect(await count(sql`select attempts as n from documents where id = ${file.id}`)).toBe(2);
  });

  it(`retries a failure that is not the file's fault, up to ${MAX_ATTEMPTS} attempts`, async () => {
    const file = await uploadOne(app, 'olga', 'retry.csv', 'vendor,amount\nRetry Steel,10\n');
    const retrieval = createRetrievalService({ db: database.handle.db });
    let calls = 0;
    const worker = startDocumentWorker({
      db: database.handle.db,
      retrieval: {
        deleteUploadedDocument: retrieval.deleteUploadedDocument,
        indexUploadedDocument: async () => {
          calls += 1;
          throw new Error('search index is down');
        },
      },
      log: app.log,
      extractionTimeoutMs: 30_000,
      maxFileBytes: 1024 * 1024,
      autoStart: false,
    });
    try {
      expect(await worker.runOnce()).toBe(true);
      expect(await getDocument('olga', file.id)).toMatchObject({ status: 'queued', failureReason: null });
      while (await worker.runOnce()) {
        // the remaining attempts
      }
      expect(calls).toBe(MAX_ATTEMPTS);
      const document = await getDocument('olga', file.id);
      expect(document.status).toBe('failed');
      expect(document.failureReason).toMatch(/could not be read right now/);
      expect(document.failureReason).not.toContain('search index');
    } finally {
      await worker.stop();
    }
  });

  it('purges documents past their retention date with their bytes and passages', async () => {
    const expired = await uploadOne(app, 'pia', 'old.csv', 'item,amount\nExpired Lumber,10\n');
    const kept = await uploadOne(app, 'pia', 'new.csv', 'item,amount\nCurrent Lumber,10\n');
    await drain();
    expect(await count(sql`select count(*) as n from retrieval_chunks where document_key = ${expired.id}`)).toBeGreaterThan(0);
    await database.handle.db.execute(sql`update documents set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
    const blob = (await database.handle.db.execute(sql`select blob_id from documents where id = ${expired.id}`)) as unknown as {
      rows: Array<{ blob_id: string }>;
    };

    expect(await documentQueue.purgeExpired()).toBe(1);
    expect((await app.inject({ url: `/api/documents/${expired.id}`, headers: await auth('pia') })).statusCode).toBe(404);
    expect(await count(sql`select count(*) as n from blob_chunks where blob_id = ${blob.rows[0].blob_id}`)).toBe(0);
    expect(await count(sql`select count(*) as n from retrieval_chunks where document_key = ${expired.id}`)).toBe(0);
    expect((await getDocument('pia', kept.id)).status).toBe('ready');
    expect(await count(sql`select count(*) as n from retrieval_chunks where document_key = ${kept.id}`)).toBeGreaterThan(0);
  });

  it("keeps each user's documents within the quota", async () => {
    await uploadOne(small, 'quinn', 'a.csv', 'a,b\n1,2\n');
    await uploadOne(small, 'quinn', 'b.csv', 'a,b\n3,4\n');
    const third = await small.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await auth('quinn'),
      payload: uploadForm([{ name: 'c.csv', bytes: 'a,b\n5,6\n' }]),
    });
    expect(third.statusCode).toBe(413);
    expect(third.json().error).toEqual({ code: 'quota_exceeded', message: 'You can keep at most 2 documents; delete some before uploading more.' });
    // A duplicate costs nothing and still answers.
    expect((await uploadOne(small, 'quinn', 'again.csv', 'a,b\n1,2\n')).duplicate).toBe(true);

    const big = await small.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await auth('rosa'),
      payload: uploadForm([{ name: 'wide.csv', bytes: `a,b\n${'1,2\n'.repeat(300)}` }]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('Your documents may take up at most 1000 bytes (1000 bytes left); delete some before uploading more.');
  });

  it('keeps the quota when uploads arrive in parallel', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        small.inject({
          method: 'POST',
          url: '/api/upload',
          headers: await auth('tess'),
          payload: uploadForm([{ name: `p${i}.csv`, bytes: `a,b\n${i},${i}\n` }]),
        }),
      ),
    );
    expect(responses.map((res) => res.statusCode).sort()).toEqual([200, 200, 413, 413, 413, 413, 413, 413]);
    for (const res of responses.filter((r) => r.statusCode === 413)) expect(res.json().error.code).toBe('quota_exceeded');
    expect(await count(sql`select count(*) as n from documents d join users u on u.id = d.owner_id where u.subject = 'tess'`)).toBe(2);
  });

  it(`sets a file aside, failed, after ${MAX_ATTEMPTS} claims that never finished (a file that kills KAI)`, async () => {
    await drain();
    const file = await uploadOne(app, 'sam', 'killer.csv', 'vendor,amount\nCrash Rebar,10\n');
    const repository = createDocumentsRepository(database.handle.db);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // The process reading the file dies: its claim is never settled, and expires.
      expect(await repository.claimNext(60_000, MAX_ATTEMPTS)).toMatchObject({ id: file.id, attempts: attempt });
      await database.handle.db.execute(sql`update documents set locked_until = now() - interval '1 second' where id = ${file.id}`);
    }
    expect(await documentQueue.runOnce()).toBe(false);
    const document = await getDocument('sam', file.id);
    expect(document).toMatchObject({ status: 'failed', processedContent: null });
    expect(document.failureReason).toBe(`Reading this file stopped KAI ${MAX_ATTEMPTS} times; it was set aside.`);
    expect(await count(sql`select attempts as n from documents where id = ${file.id}`)).toBe(MAX_ATTEMPTS);
    // The last claim, had it survived after all, cannot write a second result.
    expect(await repository.markReady(file.id, MAX_ATTEMPTS, { processedContent: 'late', metadata: {} })).toBe(false);
    expect(await repository.claimNext(60_000, MAX_ATTEMPTS)).toBeUndefined();
  });
});
