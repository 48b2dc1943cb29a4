import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { indexGuide } from './guide-indexer';
import { rowsOf } from './retrieval.repository';
import { createRetrievalService, type RetrievalService } from './retrieval.service';

const GUIDE: Record<string, string> = {
  'retainage-payable': `# Retainage payable

Retainage is the part of each subcontractor payment you hold back until the subcontract is complete.

## Setting the retainage percentage

Open the subcontract and enter the percentage to withhold from every subcontractor invoice, usually ten percent.

## Releasing retainage

When the work is accepted, create a retainage release invoice so the next check run pays the held amount.
`,
  'check-runs': `# Check runs

A check run pays approved vendor invoices in one batch. Pick invoices by due date, review the list,
then print checks on blank stock. Invoices on hold are skipped. Released retainage shows up like any
other open invoice once it has been approved.
`,
  'purchase-orders': `# Purchase orders

Create a purchase order before ordering materials so the receiving team can match deliveries and
the invoice to the order. Each line carries a cost code and a quantity.
`,
  'cost-codes': `# Cost codes

Every job cost line is coded to a cost code from the job's budget: labor, material, equipment,
subcontract or other. Codes roll up to the work in progress report.
`,
};

describe.each(databaseKinds)('retrieval search (%s)', (kind) => {
  let database: TestDatabase;
  let service: RetrievalService;
  let dir: string;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-guide-'));
    for (const [slug, text] of Object.entries(GUIDE)) fs.writeFileSync(path.join(dir, `${slug}.md`), text);
    await indexGuide({ db: database.handle.db, dirs: [dir] });
    service = createRetrievalService({ db: database.handle.db });
    const rows = await database.handle.db
      .insert(users)
      .values([
        { issuer: 'test', subject: 'alice' },
        { issuer: 'test', subject: 'bob' },
      ])
      .returning({ id: users.id });
    [alice, bob] = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await database.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns passages with their article, heading path and a score, best first', async () => {
    const passages = await service.searchGuide('release retainage', { limit: 3 });
    expect(passages[0]).toEqual({
      chunkId: expect.any(String),
      corpus: 'guide',
      documentKey: 'retainage-payable',
      title: 'Retainage payable',
      headingPath: expect.stringMatching(/^Retainage payable/),
      page: null,
      text: expect.stringContaining('retainage release invoice'),
      score: expect.any(Number),
      relevance: expect.any(Number),
    });
    const scores = passages.map((p) => p.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('ranks an article about the term above one that mentions it in passing', async () => {
    const [first, second] = await service.searchGuide('retainage');
    expect(first.documentKey).toBe('retainage-payable');
    expect(second.documentKey).toBe('check-runs');
    expect(first.score).toBeGreaterThan(second.score);
  });

  it('finds retainage when the question says retention, or PO for purchase order', async () => {
    expect((await service.searchGuide('When is retention paid out?'))[0].documentKey).toBe('retainage-payable');
    expect((await service.searchGuide('How do I create a PO?'))[0].documentKey).toBe('purchase-orders');
    expect((await service.searchGuide('phase codes on a job'))[0].documentKey).toBe('cost-codes');
  });

  it('finds retainage for a plain-words question that no single passage fully matches', async () => {
    const passages = await service.searchGuide("how do I hold back money from a sub's payment", { limit: 5 });
    expect(passages[0].documentKey).toBe('retainage-payable');
  });

  it("judges a question that names its own subject by its own words, whatever the chat's earlier subject", async () => {
    const question = 'How do I set a cost code on a job cost line?';
    const alone = await service.searchGuide(question, { limit: 3 });
    const afterRetainage = await service.searchGuide(question, { limit: 3, context: 'When do we release retainage to the subcontractor?' });
    expect(afterRetainage.map((p) => [p.documentKey, p.relevance])).toEqual(alone.map((p) => [p.documentKey, p.relevance]));
  });

  it('reads a follow-up in the light of the earlier subject', async () => {
    const followUp = await service.searchGuide('And how is it paid?', { limit: 3, context: 'When do we release retainage to the subcontractor?' });
    expect(followUp[0].documentKey).toBe('retainage-payable');
    expect(followUp[0].relevance).toBeGreaterThan(0.2);
  });

  it('reads the earlier turns, when given as a function, only for a follow-up', async () => {
    const reads: string[] = [];
    const earlier = (question: string) => async () => (reads.push(question), 'When do we release retainage to the subcontractor?');
    const standalone = 'How do I set a cost code on a job cost line?';
    await service.searchGuide(standalone, { context: earlier(standalone) });
    const followUp = await service.searchGuide('And how is it paid?', { limit: 3, context: earlier('follow-up') });
    expect(reads).toEqual(['follow-up']);
    expect(followUp[0].documentKey).toBe('retainage-payable');
  });

  it('answers nothing for stop words, punctuation and tsquery syntax, and never fails on them', async () => {
    expect(await service.searchGuide('how do I')).toEqual([]);
    expect(await service.searchGuide('')).toEqual([]);
    await expect(service.searchGuide(`'); drop table retrieval_chunks; -- & | ! <-> :* "unterminated`)).resolves.toBeInstanceOf(Array);
    expect((await service.searchGuide('retainage & | !')).length).toBeGreaterThan(0);
  });

  it('keeps every user inside their own documents, even with identical text', async () => {
    const pages = [{ page: 1, text: 'Acme Drywall invoice 4471: retainage of 10 percent held on the lobby ceilings.' }];
    await service.indexUploadedDocument({ ownerId: alice, documentId: 'doc-a', title: 'Acme invoice', pages });
    await service.indexUploadedDocument({ ownerId: bob, documentId: 'doc-b', title: 'Acme invoice', pages });
    const forAlice = await service.searchUploaded(alice, 'Acme retainage');
    const forBob = await service.searchUploaded(bob, 'Acme retainage');
    expect(forAlice.map((p) => p.documentKey)).toEqual(['doc-a']);
    expect(forBob.map((p) => p.documentKey)).toEqual(['doc-b']);
    expect(forAlice[0]).toMatchObject({ corpus: 'uploaded', title: 'Acme invoice', page: 1, headingPath: '' });
    expect(await service.searchUploaded(alice, 'Acme', { documentIds: ['doc-b'] })).toEqual([]);
    expect(await service.searchUploaded(alice, 'Acme', { documentIds: [] })).toEqual([]);
    expect(await service.searchGuide('Acme drywall lobby')).toEqual([]);
  });

  it('re-indexing a document replaces its chunks; deleting removes all of them', async () => {
    const page = (text: string) => [{ page: 2, text }];
    await service.indexUploadedDocument({ ownerId: alice, documentId: 'contract', title: 'Subcontract', pages: page('Payment terms: net 30 days.') });
    const result = await service.indexUploadedDocument({
      ownerId: alice,
      documentId: 'contract',
      title: 'Subcontract',
      pages: [...page('Payment terms: net 45 days.'), { page: 3, text: 'Insurance certificate required before mobilisation.' }],
    });
    expect(result).toEqual({ chunks: 2, warnings: [] });
    expect((await service.searchUploaded(alice, 'payment terms net')).map((p) => p.text)).toEqual(['Payment terms: net 45 days.']);
    expect((await service.searchUploaded(alice, 'COI'))[0]).toMatchObject({ page: 3 });

    await service.deleteUploadedDocument(bob, 'contract');
    expect(await service.searchUploaded(alice, 'payment terms')).toHaveLength(1);
    await service.deleteUploadedDocument(alice, 'contract');
    expect(await service.searchUploaded(alice, 'payment terms')).toEqual([]);
    const left = rowsOf<{ n: number }>(
      await database.handle.db.execute(sql`select count(*)::int as n from retrieval_chunks where document_key = 'contract'`),
    );
    expect(left[0].n).toBe(0);
  });

  it('rejects an owner id that is not a UUID', async () => {
    await expect(service.searchUploaded('alice', 'x')).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
