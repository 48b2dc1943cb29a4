import type { DocumentWorker } from '../documents/documents.queue';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../../bench/invoices/synthetic/generate';
import type { ConfirmInvoicesResponse, InvoiceDto, ParsedInvoice, UploadInvoiceResponse } from '@contract/invoices';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { buildDocumentsTestApp } from '../../test/documents-app';

const AUDIENCE = 'https://kai.example.com/api';
const PARALLEL = 6;

function form(field: string, files: Array<{ name: string; bytes: Uint8Array }>): FormData {
  const body = new FormData();
  for (const file of files) body.append(field, new Blob([new Uint8Array(file.bytes)]), file.name);
  return body;
}

/** What the database must hold whatever the timing of requests: one invoice per PDF position, no orphans, no empty batches. */
describe.each(databaseKinds)('invoice invariants (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: FastifyInstance;
  let drain: () => Promise<void>;
  let documentQueue: DocumentWorker;
  let corpus: string;
  const pdf = (name: string) => ({ name: `${name}.pdf`, bytes: readFileSync(path.join(corpus, `${name}.pdf`)) });
  const numberOf = (name: string) =>
    (JSON.parse(readFileSync(path.join(corpus, `${name}.json`), 'utf8')) as { invoice_number: string }).invoice_number;

  beforeAll(async () => {
    corpus = mkdtempSync(path.join(tmpdir(), 'kai-invoice-invariants-'));
    await generateCorpus(corpus, 4);
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    ({ app, drain, documentQueue } = await buildDocumentsTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: AUDIENCE,
    }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await issuer?.stop();
    if (corpus) rmSync(corpus, { recursive: true, force: true });
  });

  const auth = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE, email: `${sub}@example.com` })}` });
  const uploadInvoice = async (sub: string, name: string) =>
    app.inject({ method: 'POST', url: '/api/upload-invoice', headers: await auth(sub), payload: form('file', [pdf(name)]) });
  const upload = async (sub: string, name: string): Promise<ParsedInvoice[]> => {
    const response = await uploadInvoice(sub, name);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UploadInvoiceResponse>().parsed_invoice;
  };
  const listInvoices = async (sub: string) => (await app.inject({ url: '/api/invoices', headers: await auth(sub) })).json<InvoiceDto[]>();
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await database.handle.db.execute(query)) as unknown as { rows: Array<{ n: unknown }> };
    return Number(result.rows[0].n);
  };
  /** The titles of the sources a chat answer about this invoice number cites. */
  const citedFor = async (sub: string, invoiceNumber: string) => {
    const asked = await app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await auth(sub),
      payload: { message: `What is the total of invoice ${invoiceNumber}?`, source: 'uploaded', sessionId: 1 },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    return ((asked.json().message.metadata.sources ?? []) as Array<{ title: string; snippet: string }>).map(
      (source) => `${source.title}: ${source.snippet}`,
    );
  };

  it(`gives ${PARALLEL} parallel uploads of one PDF one document and one invoice per invoice in it`, async () => {
    for (const name of ['syn-001', 'syn-two-invoices']) {
      const responses = await Promise.all(Array.from({ length: PARALLEL }, () => uploadInvoice('racer', name)));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const ids = responses.map((response) => response.json<UploadInvoiceResponse>().parsed_invoice.map((invoice) => invoice.invoice_id));
      // Every caller is answered with the same invoices, in the same order.
      expect(new Set(ids.map((list) => list.join()))).toEqual(new Set([ids[0].join()]));
      expect(ids[0]).toHaveLength(name === 'syn-two-invoices' ? 2 : 1);
    }
    expect(await listInvoices('racer')).toHaveLength(3);
    expect(await count(sql`select count(*) as n from documents d join users u on u.id = d.owner_id where u.subject = 'racer'`)).toBe(2);
  });

  it('deletes the invoices read from a PDF with the PDF, and chat no longer cites them', async () => {
    const [invoice] = await upload('deleter', 'syn-002');
    await drain();
    const number = numberOf('syn-002');
    expect((await citedFor('deleter', number)).some((source) => source.includes(number))).toBe(true);
    const documentId = (await app.inject({ url: `/api/invoices/${invoice.invoice_id}`, headers: await auth('deleter') })).json<InvoiceDto>()
      .documentId;

    const deleted = await app.inject({ method: 'DELETE', url: `/api/documents/${documentId}`, headers: await auth('deleter') });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await listInvoices('deleter')).toEqual([]);
    expect((await app.inject({ url: `/api/invoices/${invoice.invoice_id}/parsed`, headers: await auth('deleter') })).statusCode).toBe(404);
    expect(await citedFor('deleter', number)).not.toEqual(expect.arrayContaining([expect.stringContaining(number)]));
    expect(await count(sql`select count(*) as n from invoices where id = ${invoice.invoice_id}`)).toBe(0);
  });

  it('purges the invoices of a PDF past its retention date with the PDF', async () => {
    const [invoice] = await upload('purged', 'syn-003');
    await database.handle.db.execute(sql`update documents set expires_at = now() - interval '1 minute'
      where id = (select document_id from invoices where id = ${invoice.invoice_id})`);
    expect(await documentQueue.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await listInvoices('purged')).toEqual([]);
    expect(await citedFor('purged', numberOf('syn-003'))).not.toEqual(expect.arrayContaining([expect.stringContaining(numberOf('syn-003'))]));
  });

  it('leaves no import batch behind when a confirmation fails', async () => {
    const [invoice] = await upload('confirmer', 'syn-004');
    const batches = () => count(sql`select count(*) as n from import_batches b join users u on u.id = b.owner_id where u.subject = 'confirmer'`);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: await auth('confirmer'),
      payload: {
        parsed_invoice: invoice,
        mappings: [{ line_number: 99, amount: 1, chosen_vendor: 'Nobody' }],
        is_last_invoice: false,
        session_id: 'refused-session',
        invoice_total_only: false,
      },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.code).toBe('unknown_line');
    expect(await batches()).toBe(0);

    const none = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoices',
      headers: await auth('confirmer'),
      payload: { invoices: [invoice], mappings: [{ invoice_id: invoice.invoice_id, line_number: 99, amount: 1, chosen_vendor: 'Nobody' }] },
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<ConfirmInvoicesResponse>()).toMatchObject({ success: false, processed_count: 0 });
    expect(await batches()).toBe(0);
    expect((await listInvoices('confirmer'))[0].status).toBe('Pending');

    // The same invoice from two files (a re-saved copy of the PDF) in one full-page batch: added once.
    const copy = { name: 'syn-004-copy.pdf', bytes: Buffer.concat([pdf('syn-004').bytes, Buffer.from('\n% re-saved\n')]) };
    const copied = await app.inject({ method: 'POST', url: '/api/upload-invoice', headers: await auth('confirmer'), payload: form('file', [copy]) });
    expect(copied.statusCode, copied.body).toBe(200);
    const [twin] = copied.json<UploadInvoiceResponse>().parsed_invoice;
    expect(twin.invoice_id).not.toBe(invoice.invoice_id);
    const both = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoices',
      headers: await auth('confirmer'),
      payload: { invoices: [invoice, twin], mappings: [], invoice_total_only: true },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<ConfirmInvoicesResponse>()).toMatchObject({ success: true, processed_count: 1 });
    expect(both.json<ConfirmInvoicesResponse>().error).toContain('in this batch twice');
    expect(await batches()).toBe(1);

    // A dialog session then confirms the other copy: refused as a duplicate, and no batch for the session.
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: await auth('confirmer'),
      payload: { parsed_invoice: twin, mappings: [], is_last_invoice: false, session_id: 'refused-session', invoice_total_only: true },
    });
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(duplicate.json().error.code).toBe('duplicate_invoice');
    expect(await batches()).toBe(1);
  });
});
