import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../../bench/invoices/synthetic/generate';
import type { ConfirmInvoiceResponse, InvoiceDto, ParsedInvoice, UploadInvoiceResponse, UploadInvoicesResponse } from '@contract/invoices';
import { makeTextPdf } from '../../adapters/extractors/test-fixtures';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { columns, readWorkbook } from '../../import-files/test-invoices';

const AUDIENCE = 'https://kai.example.com/api';

interface Truth {
  vendor: string;
  invoice_number: string;
  total_amount: number;
  line_items: Array<{ description: string; amount: number }>;
}

function form(field: string, files: Array<{ name: string; bytes: Uint8Array | string }>): FormData {
  const body = new FormData();
  for (const file of files) body.append(field, new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  return body;
}

describe.each(databaseKinds)('invoices (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: FastifyInstance;
  let corpus: string;
  const pdf = (name: string) => ({ name: `${name}.pdf`, bytes: readFileSync(path.join(corpus, `${name}.pdf`)) });
  const truth = <T = Truth>(name: string): T => JSON.parse(readFileSync(path.join(corpus, `${name}.json`), 'utf8')) as T;

  beforeAll(async () => {
    corpus = mkdtempSync(path.join(tmpdir(), 'kai-invoices-'));
    await generateCorpus(corpus, 8);
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE }));
    // The vendor master, spelled as the ERP has it (not as the invoices print it).
    const vendorsCsv = ['Vendor ID,Vendor Name,Status']
      .concat(
        ['syn-001', 'syn-002', 'syn-003', 'syn-004', 'syn-005', 'syn-006'].map(
          (name, index) => `V${100 + index},"${truth(name).vendor.toUpperCase()}",Active`,
        ),
      )
      .concat(['V900,Unrelated Paving Partners,Active'])
      .join('\n');
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload-vendor-list',
      headers: await auth(),
      payload: form('file', [{ name: 'vendors.csv', bytes: vendorsCsv }]),
    });
    expect(response.statusCode, response.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await issuer?.stop();
    if (corpus) rmSync(corpus, { recursive: true, force: true });
  });

  const auth = async (sub = 'clerk') => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE, email: `${sub}@example.com` })}` });

  async function upload(name: string, sub = 'clerk'): Promise<ParsedInvoice[]> {
    const response = await app.inject({ method: 'POST', url: '/api/upload-invoice', headers: await auth(sub), payload: form('file', [pdf(name)]) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UploadInvoiceResponse>().parsed_invoice;
  }

  /** The charge a clerk adds for what no line carries (the synthetic invoices print their tax apart). */
  function missingCharge(invoice: ParsedInvoice, vendor: string | null) {
    const cents = Math.round((invoice.total_amount ?? 0) * 100) - invoice.invoice_lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    if (invoice.total_amount === null || cents === 0) return [];
    return [{ line_number: invoice.invoice_lines.length + 1, amount: cents / 100, chosen_vendor: vendor, added: true, description: 'Sales tax' }];
  }

  async function confirm(invoice: ParsedInvoice, sessionId: string, isLast: boolean, overrides: Record<string, unknown> = {}) {
    return app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: await auth(),
      payload: {
        parsed_invoice: invoice,
        mappings: [
          ...invoice.invoice_lines.map((line) => ({
            line_number: line.line_number,
            invoice_number: line.invoice_number,
            amount: line.amount,
            chosen_vendor: line.vendor_name,
          })),
          ...missingCharge(invoice, invoice.invoice_lines[0]?.vendor_name ?? null),
        ],
        is_last_invoice: isLast,
        session_id: sessionId,
        invoice_total_only: false,
        ...overrides,
      },
    });
  }

  it('reads an invoice PDF: header, lines, vendor suggestions from the master, preview and download', async () => {
    const [invoice] = await upload('syn-001');
    const expected = truth('syn-001');
    expect(invoice.invoice_number).toBe(expected.invoice_number);
    expect(invoice.total_amount).toBeCloseTo(expected.total_amount, 2);
    expect(invoice.vendor_candidates[0]).toBe(expected.vendor.toUpperCase());
    expect(invoice.line_items.map((item) => item.amount)).toEqual(expected.line_items.map((item) => item.amount));
    expect(invoice.invoice_lines[0].vendor_name).toBe(expected.vendor.toUpperCase());
    expect(invoice.image_path).toBe(`/api/invoices/${invoice.invoice_id}/preview`);

    const preview = await app.inject({ method: 'GET', url: invoice.image_path!, headers: await auth() });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    const download = await app.inject({ method: 'GET', url: `/api/invoices/${invoice.invoice_id}/download`, headers: await auth() });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const list = (await app.inject({ method: 'GET', url: '/api/invoices', headers: await auth() })).json<InvoiceDto[]>();
    const listed = list.find((row) => row.id === invoice.invoice_id);
    expect(listed).toMatchObject({ invoiceNumber: expected.invoice_number, status: 'Pending', vendorName: expected.vendor.toUpperCase() });
    // The chat's look-up finds the record by its number.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await auth(),
      payload: { message: `When is invoice ${expected.invoice_number} due?`, source: 'uploaded', sessionId: 1 },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const sources = asked.json().message.metadata.sources as Array<{ title: string; snippet: string }>;
    expect(sources.find((source) => source.title.startsWith(`Invoice ${expected.invoice_number}`))?.snippet).toContain('status pending');
    // The same PDF again gives the same invoice, not a second one.
    const [again] = await upload('syn-001');
    expect(again.invoice_id).toBe(invoice.invoice_id);
  });

  it('refuses what is not a PDF, and more than ten files at once', async () => {
    const notPdf = await app.inject({
      method: 'POST',
      url: '/api/upload-invoice',
      headers: await auth(),
      payload: form('file', [{ name: 'invoice.csv', bytes: 'a,b\n1,2\n' }]),
    });
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().error.message).toContain('PDF');
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `i${index}.pdf`, bytes: makeTextPdf([[[72, 700, `Invoice ${index}`]]]) }));
    const tooMany = await app.inject({ method: 'POST', url: '/api/upload-invoices', headers: await auth(), payload: form('files', eleven) });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toBe('Maximum 10 invoices can be uploaded at once');
    const anonymous = await app.inject({ method: 'POST', url: '/api/upload-invoice', payload: form('file', [pdf('syn-002')]) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads a batch: each file succeeds or fails on its own; a two-invoice PDF gives two invoices', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload-invoices',
      headers: await auth(),
      payload: form('files', [
        pdf('syn-two-invoices'),
        { name: 'notes.txt', bytes: 'not an invoice\n' },
        { name: 'broken.pdf', bytes: '%PDF-1.7\nthis is not really a pdf' },
        {
          name: 'meeting.pdf',
          bytes: makeTextPdf([
            [
              [72, 760, 'Weekly site meeting notes'],
              [72, 740, 'Date: 03/14/2026'],
            ],
          ]),
        },
      ]),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [two, notes, broken, meeting] = response.json<UploadInvoicesResponse>().results;
    // A PDF that is not an invoice is said to be one, not counted as processed.
    expect(meeting).toMatchObject({ success: false, filename: 'meeting.pdf', parsed_invoices: [] });
    expect(meeting.error).toMatch(/does not look like an invoice/);
    // A file of the wrong type fails alone, in its place.
    expect(notes).toMatchObject({ success: false, filename: 'notes.txt', parsed_invoices: [] });
    expect(notes.error).toMatch(/^notes\.txt: /);
    expect(two.success).toBe(true);
    expect(two.parsed_invoices.map((invoice) => invoice.invoice_number)).toEqual(truth<Truth[]>('syn-two-invoices').map((t) => t.invoice_number));
    // Each invoice's preview shows its own page.
    const [first, second] = await Promise.all(
      two.parsed_invoices.map(async (invoice) => (await app.inject({ method: 'GET', url: invoice.image_path!, headers: await auth() })).rawPayload),
    );
    expect(first.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    expect(Buffer.compare(first, second)).not.toBe(0);
    expect(broken).toMatchObject({ success: false, filename: 'broken.pdf', parsed_invoices: [] });
    expect(broken.error).toMatch(/damaged|could not be read/);
  });

  it('reads a scanned invoice with OCR', async () => {
    const [invoice] = await upload('syn-scan');
    expect(invoice.method).toBe('ocr');
    expect(invoice.invoice_number).toBe(truth('syn-scan').invoice_number);
  }, 60_000);

  it('confirms three invoices into one workbook: a changed vendor, an edited amount, a total-only invoice', async () => {
    const sessionId = 'dialog-session-1';
    const [first] = await upload('syn-002');
    const [second] = await upload('syn-003');
    const [third] = await upload('syn-004');

    const changedVendor = first.invoice_lines.map((line) => ({
      line_number: line.line_number,
      amount: line.amount,
      chosen_vendor: 'Unrelated Paving Partners',
    }));
    const one = await confirm(first, sessionId, false, {
      mappings: [...changedVendor, ...missingCharge(first, 'Unrelated Paving Partners')],
      invoice_vendor: 'Unrelated Paving Partners',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<ConfirmInvoiceResponse>()).toMatchObject({ filename: null, download_url: null, confirmed_count: 1 });

    const edited = second.invoice_lines.map((line, index) => ({
      line_number: line.line_number,
      amount: index === 0 ? 123.45 : line.amount,
      chosen_vendor: line.vendor_name,
    }));
    // Lines that no longer add up to the total are confirmed only with a reason.
    const refused = await confirm(second, sessionId, false, { mappings: edited });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('lines_do_not_tie_out');
    const accepted = await confirm(second, sessionId, false, { mappings: edited, accept_difference: { reason: 'Line 1 short-shipped' } });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const last = await confirm(third, sessionId, true, {
      invoice_total_only: true,
      mappings: [{ line_number: 1, amount: third.total_amount, chosen_vendor: third.vendor_candidates[0] }],
    });
    expect(last.statusCode, last.body).toBe(200);
    const written = last.json<ConfirmInvoiceResponse>();
    expect(written.filename).toMatch(/^AP-Import-Daily-Detail-.*-3-invoices\.xlsx$/);

    const file = await app.inject({ method: 'GET', url: written.download_url!, headers: await auth() });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(written.filename!);
    const sheet = (await readWorkbook(file.rawPayload)).getWorksheet('Daily-Detail')!;
    const col = columns(sheet);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2));
    expect(rows).toHaveLength(first.invoice_lines.length + missingCharge(first, null).length + second.invoice_lines.length + 1);
    const vendorOf = (row: ExcelJS.Row) => String(row.getCell(col.get('Vendor Name')!).value);
    const amountOf = (row: ExcelJS.Row) => Number(row.getCell(col.get('Amount')!).value);
    const numberOf = (row: ExcelJS.Row) => String(row.getCell(col.get('Invoice Number')!).value);
    expect(rows.filter((row) => numberOf(row) === first.invoice_number).every((row) => vendorOf(row) === 'Unrelated Paving Partners')).toBe(true);
    expect(amountOf(rows.find((row) => numberOf(row) === second.invoice_number)!)).toBe(123.45);
    const thirdRows = rows.filter((row) => numberOf(row) === third.invoice_number);
    expect(thirdRows).toHaveLength(1);
    expect(amountOf(thirdRows[0])).toBeCloseTo(third.total_amount!, 2);

    const statuses = (await app.inject({ method: 'GET', url: '/api/invoices', headers: await auth() })).json<InvoiceDto[]>();
    expect(statuses.filter((row) => [first, second, third].some((invoice) => invoice.invoice_id === row.id)).map((row) => row.status)).toEqual([
      'Exported',
      'Exported',
      'Exported',
    ]);

    const header = await app.inject({ method: 'GET', url: `${written.download_url}?format=aphb`, headers: await auth() });
    expect(header.statusCode).toBe(200);
    expect(header.body.split('\r\n')[0]).toContain('APRef');
    expect(header.body).toContain('Difference accepted: Line 1 short-shipped');
  });

  it('remembers a confirmed vendor as an alias and refuses to confirm a duplicate', async () => {
    const [invoice] = await upload('syn-001');
    const master = invoice.vendor_candidates[0];
    const ok = await confirm(invoice, 'alias-session', true, { invoice_vendor: master });
    expect(ok.statusCode, ok.body).toBe(200);

    const again = await confirm(invoice, 'another-session', true);
    expect(again.statusCode).toBe(409);

    // Another user uploads the same invoice: the printed name now matches by alias, and the duplicate shows.
    const [copy] = await upload('syn-001', 'second-clerk');
    expect(copy.vendor_matches[0]).toMatchObject({ name: master, reason: 'alias' });
    expect(copy.checks.find((check) => check.code === 'duplicate')?.passed).toBe(false);
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: await auth('second-clerk'),
      payload: { parsed_invoice: copy, mappings: [], is_last_invoice: true, session_id: 's', invoice_total_only: true, invoice_vendor: master },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('duplicate_invoice');
  });

  it("keeps one user's invoices and imports from another", async () => {
    const [invoice] = await upload('syn-006');
    const other = await auth('stranger');
    for (const url of [
      `/api/invoices/${invoice.invoice_id}`,
      `/api/invoices/${invoice.invoice_id}/preview`,
      `/api/invoices/${invoice.invoice_id}/download`,
    ]) {
      expect((await app.inject({ method: 'GET', url, headers: other })).statusCode).toBe(404);
    }
    const list = (await app.inject({ method: 'GET', url: '/api/invoices', headers: other })).json<InvoiceDto[]>();
    expect(list.some((row) => row.id === invoice.invoice_id)).toBe(false);
    const stolen = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: other,
      payload: { parsed_invoice: invoice, mappings: [], is_last_invoice: true, session_id: 'x', invoice_total_only: true, invoice_vendor: 'Someone' },
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('acts on the sidebar upload purposes: invoice PDFs are read as invoices, vendor lists are imported', async () => {
    const sidebar = (files: Array<{ name: string; bytes: Uint8Array | string }>, purpose: string) => {
      const body = form('files', files);
      body.append('purpose', purpose);
      return body;
    };
    const invoice = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await auth('sidebar'),
      payload: sidebar([pdf('syn-007')], 'invoice'),
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const listed = (await app.inject({ method: 'GET', url: '/api/invoices', headers: await auth('sidebar') })).json<InvoiceDto[]>();
    expect(listed.map((row) => row.invoiceNumber)).toContain(truth('syn-007').invoice_number);

    const vendorList = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await auth('sidebar'),
      payload: sidebar([{ name: 'more-vendors.csv', bytes: 'Vendor Name,Vendor Code\nSidebar Scaffolding Co.,V777\n' }], 'vendor'),
    });
    expect(vendorList.statusCode, vendorList.body).toBe(200);
    const found = (await app.inject({ method: 'GET', url: '/api/vendors?q=Sidebar%20Scaffolding', headers: await auth('sidebar') })).json<
      Array<{ code: string }>
    >();
    expect(found[0]?.code).toBe('V777');

    const notAList = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await auth('sidebar'),
      payload: sidebar([pdf('syn-008')], 'vendor'),
    });
    expect(notAList.statusCode).toBe(415);
    // With a usable list beside it, the list is imported and kept; the PDF fails alone.
    const mixed = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await auth('sidebar'),
      payload: sidebar([pdf('syn-008'), { name: 'late-vendors.csv', bytes: 'Vendor Name,Vendor Code\nLate Paving Inc.,V778\n' }], 'vendor'),
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().files.map((file: { name: string }) => file.name)).toEqual(['late-vendors.csv']);
    expect(mixed.json().failed).toEqual([{ name: 'syn-008.pdf', code: 'unsupported_type', message: expect.stringContaining('syn-008.pdf') }]);
    const documents = (await app.inject({ method: 'GET', url: '/api/documents', headers: await auth('sidebar') })).json<
      Array<{ filename: string }>
    >();
    expect(documents.map((document) => document.filename)).not.toContain('syn-008.pdf');
    expect(documents.map((document) => document.filename)).toContain('late-vendors.csv');
  });
});
