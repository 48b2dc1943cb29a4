import type { DocumentWorker } from '../documents/documents.queue';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../../bench/invoices/synthetic/generate';
import type { DocumentDto, UploadResponse } from '@contract/documents';
import type {
  ConfirmInvoiceResponse,
  ConfirmInvoicesResponse,
  InvoiceDto,
  ParsedInvoice,
  UploadInvoiceResponse,
  UploadInvoicesResponse,
} from '@contract/invoices';
import { columns, readWorkbook } from '../../import-files/test-invoices';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { buildDocumentsTestApp, uploadForm } from '../../test/documents-app';

const AUDIENCE = 'https://kai.example.com/api';
const PARALLEL = 6;

function form(field: string, files: Array<{ name: string; bytes: Uint8Array }>): FormData {
  const body = new FormData();
  for (const file of files) body.append(field, new Blob([new Uint8Array(file.bytes)]), file.name);
  return body;
}

/**
 * What the database must hold whatever the timing of requests: one invoice per PDF position, no orphans, no empty batches;
 * and a bill uploaded again is the same invoice, or flagged as one already confirmed.
 */
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
  const uploadAs = async (sub: string, name: string, bytes: Uint8Array): Promise<ParsedInvoice[]> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload-invoice',
      headers: await auth(sub),
      payload: form('file', [{ name, bytes }]),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UploadInvoiceResponse>().parsed_invoice;
  };
  const duplicateCheck = (invoice: ParsedInvoice) => invoice.checks.find((check) => check.code === 'duplicate');
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

  it('names a PDF uploaded again as it was uploaded last, but keeps a confirmed invoice as it was confirmed', async () => {
    const bytes = pdf('syn-two-invoices').bytes;
    const sourceNames = (invoices: ParsedInvoice[]) => invoices.map((invoice) => invoice.source_filename);
    const [first, second] = await uploadAs('renamer', 'scan001.pdf', bytes);
    expect(sourceNames([first, second])).toEqual(['scan001.pdf', 'scan001.pdf']);

    const batch = await app.inject({
      method: 'POST',
      url: '/api/upload-invoices',
      headers: await auth('renamer'),
      payload: form('files', [{ name: 'ACME-INV-4411.pdf', bytes }]),
    });
    const [result] = batch.json<UploadInvoicesResponse>().results;
    expect(result).toMatchObject({ success: true, filename: 'ACME-INV-4411.pdf' });
    expect(result.parsed_invoices.map((invoice) => invoice.invoice_id)).toEqual([first.invoice_id, second.invoice_id]);
    expect(sourceNames(result.parsed_invoices)).toEqual(['ACME-INV-4411.pdf', 'ACME-INV-4411.pdf']);

    // The workbook's Source File is the name the invoice had when it was confirmed.
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: await auth('renamer'),
      payload: { parsed_invoice: first, mappings: [], is_last_invoice: true, session_id: 'renamer-session', invoice_total_only: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const workbook = await app.inject({ url: confirmed.json<ConfirmInvoiceResponse>().download_url!, headers: await auth('renamer') });
    const sheet = (await readWorkbook(workbook.rawPayload)).getWorksheet('Daily-Detail')!;
    expect(String(sheet.getRow(2).getCell(columns(sheet).get('Source File')!).value)).toBe('ACME-INV-4411.pdf');

    // Through the sidebar: the pending invoice takes the new name, the confirmed one keeps its own.
    const sidebar = uploadForm([{ name: 'late-copy.pdf', bytes }], { purpose: 'invoice' });
    const stored = await app.inject({ method: 'POST', url: '/api/upload', headers: await auth('renamer'), payload: sidebar });
    expect(stored.json<UploadResponse>().files).toEqual([expect.objectContaining({ name: 'late-copy.pdf', duplicate: true })]);
    const filenameOf = async (id: string) =>
      (await app.inject({ url: `/api/invoices/${id}`, headers: await auth('renamer') })).json<InvoiceDto>().filename;
    expect([await filenameOf(first.invoice_id), await filenameOf(second.invoice_id)]).toEqual(['ACME-INV-4411.pdf', 'late-copy.pdf']);

    // Uploaded once more, the confirmed invoice is flagged as already confirmed; the other is not.
    const [again, other] = await uploadAs('renamer', 'final.pdf', bytes);
    expect(sourceNames([again, other])).toEqual(['ACME-INV-4411.pdf', 'final.pdf']);
    expect(duplicateCheck(again)).toMatchObject({ passed: false, message: expect.stringMatching(/already confirmed on \d{4}-\d{2}-\d{2}/) });
    expect(duplicateCheck(other)).toMatchObject({ passed: true });
    const documents = (await app.inject({ url: '/api/documents', headers: await auth('renamer') })).json<DocumentDto[]>();
    expect(documents.map((document) => document.filename)).toEqual(['final.pdf']);
  });

  it('flags a different PDF with the vendor and invoice number of a confirmed invoice', async () => {
    const [invoice] = await upload('rebiller', 'syn-003');
    expect(duplicateCheck(invoice)).toMatchObject({ passed: true });
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: await auth('rebiller'),
      payload: { parsed_invoice: invoice, mappings: [], is_last_invoice: true, session_id: 'rebiller-session', invoice_total_only: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The vendor sends the bill again, re-saved: other bytes, the same vendor and number.
    const [resent] = await uploadAs('rebiller', 'resent.pdf', Buffer.concat([pdf('syn-003').bytes, Buffer.from('\n% re-sent\n')]));
    expect(resent.invoice_id).not.toBe(invoice.invoice_id);
    expect(resent).toMatchObject({ invoice_number: invoice.invoice_number, source_filename: 'resent.pdf' });
    expect(duplicateCheck(resent)).toMatchObject({
      passed: false,
      message: expect.stringContaining(`Invoice ${invoice.invoice_number} from this vendor was already confirmed`),
    });
  });
});
