import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmInvoiceResponse, ConfirmInvoicesResponse, InvoiceDto, ParsedInvoice, UploadInvoiceResponse } from '@contract/invoices';
import { makeTextPdf } from '../../adapters/extractors/test-fixtures';
import { columns, readWorkbook } from '../../import-files/test-invoices';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';

const AUDIENCE = 'https://kai.example.com/api';

/** A made-up invoice: two items (80 + 20), tax 19 printed apart, total 119. */
function invoicePdf(number: string, vendor = 'Larkspur Rental Yard') {
  return makeTextPdf([
    [
      [72, 780, vendor],
      [72, 760, `Invoice No: ${number}`],
      [72, 740, 'Invoice Date: 2026-11-05'],
      [72, 680, 'Description'],
      [300, 680, 'Qty'],
      [360, 680, 'Unit Price'],
      [460, 680, 'Amount'],
      [72, 660, 'Skid steer day rate'],
      [300, 660, '1'],
      [360, 660, '80.00'],
      [460, 660, '80.00'],
      [72, 640, 'Delivery and pickup'],
      [300, 640, '1'],
      [360, 640, '20.00'],
      [460, 640, '20.00'],
      [360, 600, 'Subtotal'],
      [460, 600, '100.00'],
      [360, 580, 'Sales Tax'],
      [460, 580, '19.00'],
      [360, 560, 'Total Due'],
      [460, 560, '119.00'],
    ],
  ]);
}

describe.each(databaseKinds)('reviewing an invoice before it is confirmed (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await issuer?.stop();
  });

  const headers = async (sub = 'review-clerk') => ({
    authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE, email: `${sub}@example.com` })}`,
  });

  async function upload(number: string, sub?: string): Promise<ParsedInvoice> {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(invoicePdf(number))]), `${number}.pdf`);
    const response = await app.inject({ method: 'POST', url: '/api/upload-invoice', headers: await headers(sub), payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const [invoice] = response.json<UploadInvoiceResponse>().parsed_invoice;
    expect(invoice.line_items.map((item) => item.amount)).toEqual([80, 20]);
    expect(invoice.total_amount).toBe(119);
    return invoice;
  }

  const lines = (invoice: ParsedInvoice, amounts: Record<number, number> = {}) =>
    invoice.invoice_lines.map((line) => ({
      line_number: line.line_number,
      amount: amounts[line.line_number] ?? line.amount,
      chosen_vendor: 'Larkspur',
    }));
  const charge = (amount: number) => ({ line_number: 3, amount, chosen_vendor: 'Larkspur', added: true, description: 'Sales tax' });

  async function confirm(invoice: ParsedInvoice, extra: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: await headers(),
      payload: {
        parsed_invoice: { invoice_id: invoice.invoice_id },
        mappings: lines(invoice),
        is_last_invoice: true,
        session_id: `s-${invoice.invoice_id}`,
        invoice_total_only: false,
        ...extra,
      },
    });
  }

  it('refuses lines that differ from the total by a cent or more, naming both sums, until they tie out or a reason is given', async () => {
    const invoice = await upload('GATE-1');
    const refused = await confirm(invoice, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'lines_do_not_tie_out' });
    expect(refused.json().error.message).toContain('the lines come to $100.00 but the invoice total is $119.00 (difference $19.00)');

    const oneCentShort = await confirm(invoice, { mappings: [...lines(invoice), charge(18.99)] });
    expect(oneCentShort.statusCode).toBe(422);
    expect(oneCentShort.json().error.message).toContain('difference $0.01');

    const emptyReason = await confirm(invoice, { accept_difference: { reason: '   ' } });
    expect(emptyReason.statusCode).toBe(400);

    const withReason = await confirm(invoice, { accept_difference: { reason: 'Tax exempt job; vendor to issue a credit' } });
    expect(withReason.statusCode, withReason.body).toBe(200);
    const written = withReason.json<ConfirmInvoiceResponse>();
    expect(written.import_files.map((file) => file.format)).toEqual(['xlsx', 'aphb', 'aplb']);
    const workbook = await readWorkbook((await app.inject({ url: written.download_url!, headers: await headers() })).rawPayload);
    const summary = workbook.getWorksheet('Summary')!;
    const check = (summary.getRow(4).values as unknown[]).indexOf('Check');
    expect(summary.getRow(5).getCell(check).value).toBe('Lines differ from total, accepted: Tax exempt job; vendor to issue a credit');

    const dto = (await app.inject({ url: `/api/invoices/${invoice.invoice_id}`, headers: await headers() })).json<InvoiceDto>();
    expect(dto).toMatchObject({
      differenceReason: 'Tax exempt job; vendor to issue a credit',
      confirmedBy: 'review-clerk@example.com',
      status: 'Exported',
    });
  });

  it('confirms lines that tie out to the cent, and Invoice Total Only without the gate', async () => {
    const tied = await upload('GATE-2');
    expect((await confirm(tied, { mappings: [...lines(tied), charge(19)] })).statusCode).toBe(200);
    const whole = await upload('GATE-3');
    const totalOnly = await confirm(whole, { invoice_total_only: true, mappings: [{ line_number: 1, amount: 100, chosen_vendor: 'Larkspur' }] });
    expect(totalOnly.statusCode, totalOnly.body).toBe(200);
    const dto = (await app.inject({ url: `/api/invoices/${whole.invoice_id}`, headers: await headers() })).json<InvoiceDto>();
    expect(dto.corrections).toEqual([{ field: 'total_amount', label: 'Invoice total', read: '119.00', confirmed: '100.00' }]);
  });

  it('writes the corrected header and lines to the workbook and the CSVs, and keeps the read values beside them', async () => {
    const invoice = await upload('INV-0001');
    const confirmed = await confirm(invoice, {
      corrections: { invoice_number: '  LRY-20418 ', invoice_date: '2026-11-02', due_date: '2026-12-02', job_number: '2417', reference: 'PO 5531' },
      mappings: [
        { line_number: 1, amount: 99, chosen_vendor: 'Larkspur', description: 'Skid steer, 1 day' },
        { line_number: 2, amount: 20, chosen_vendor: '', removed: true },
        charge(20),
      ],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const dto = (await app.inject({ url: `/api/invoices/${invoice.invoice_id}`, headers: await headers() })).json<InvoiceDto>();
    expect(dto).toMatchObject({ invoiceNumber: 'LRY-20418', date: '2026-11-02', dueDate: '2026-12-02', jobNumber: '2417', reference: 'PO 5531' });
    expect(dto.corrections).toEqual([
      { field: 'invoice_number', label: 'Invoice number', read: 'INV-0001', confirmed: 'LRY-20418' },
      { field: 'invoice_date', label: 'Invoice date', read: '2026-11-05', confirmed: '2026-11-02' },
      { field: 'due_date', label: 'Due date', read: null, confirmed: '2026-12-02' },
      { field: 'job_number', label: 'Job number', read: null, confirmed: '2417' },
      { field: 'reference', label: 'PO / reference', read: null, confirmed: 'PO 5531' },
      { field: 'line_1_amount', label: 'Line 1 amount', read: '80.00', confirmed: '99.00' },
      { field: 'line_1_description', label: 'Line 1 description', read: 'Skid steer day rate', confirmed: 'Skid steer, 1 day' },
      { field: 'line_2', label: 'Line 2 removed', read: '20.00 Delivery and pickup', confirmed: null },
    ]);
    expect(dto.confirmedAt).not.toBeNull();

    const { download_url } = confirmed.json<ConfirmInvoiceResponse>();
    const detail = (await readWorkbook((await app.inject({ url: download_url!, headers: await headers() })).rawPayload)).getWorksheet(
      'Daily-Detail',
    )!;
    const col = columns(detail);
    expect(detail.rowCount).toBe(3);
    const row = detail.getRow(2);
    expect(String(row.getCell(col.get('Invoice Number')!).value)).toBe('LRY-20418');
    expect(String(row.getCell(col.get('Description')!).value)).toBe('Skid steer, 1 day');
    expect(Number(row.getCell(col.get('Amount')!).value)).toBe(99);

    const headerCsv = (await app.inject({ url: `${download_url}?format=aphb`, headers: await headers() })).body;
    expect(headerCsv).toContain('LRY-20418');
    expect(headerCsv).toContain('11/02/2026');
    expect(headerCsv).toContain('Invoice number: INV-0001 -> LRY-20418');
    const linesCsv = (await app.inject({ url: `${download_url}?format=aplb`, headers: await headers() })).body;
    expect(linesCsv.trim().split('\r\n')).toHaveLength(3);
    expect(linesCsv).toContain('2417');
    expect(linesCsv).toContain('PO 5531');
  });

  it('refuses corrections that are not real dates or are too long, a line left unmapped, and every line removed', async () => {
    const invoice = await upload('BAD-1');
    for (const corrections of [{ invoice_date: '2026-02-30' }, { due_date: '11/02/2026' }, { reference: 'x'.repeat(201) }, { vendor: 'x' }]) {
      const response = await confirm(invoice, { corrections });
      expect(response.statusCode, JSON.stringify(corrections)).toBe(400);
      expect(response.json().error.code).toBeTruthy();
    }
    const unmapped = await confirm(invoice, { mappings: lines(invoice).slice(0, 1), accept_difference: { reason: 'r' } });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().error.code).toBe('line_not_mapped');
    const nothing = await confirm(invoice, { mappings: lines(invoice).map((line) => ({ ...line, removed: true })) });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().error.code).toBe('no_lines');
  });

  it('checks duplicates on the corrected number', async () => {
    const first = await upload('DUP-A');
    expect((await confirm(first, { mappings: [...lines(first), charge(19)], corrections: { invoice_number: 'SAME-77' } })).statusCode).toBe(200);
    const second = await upload('DUP-B');
    const again = await confirm(second, { mappings: [...lines(second), charge(19)], corrections: { invoice_number: 'same-77' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('duplicate_invoice');
  });

  it('tells per invoice what a batch confirm wrote and what it skipped, and why', async () => {
    const done = await upload('BATCH-1');
    expect((await confirm(done, { mappings: [...lines(done), charge(19)] })).statusCode).toBe(200);
    const fresh = await upload('BATCH-2');
    const short = await upload('BATCH-3');
    const mappingsOf = (invoice: ParsedInvoice, withCharge: boolean) =>
      [...lines(invoice), ...(withCharge ? [charge(19)] : [])].map((mapping) => ({ ...mapping, invoice_id: invoice.invoice_id }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoices',
      headers: await headers(),
      payload: {
        invoices: [
          { invoice_id: done.invoice_id },
          { invoice_id: fresh.invoice_id, corrections: { job_number: '88' } },
          { invoice_id: short.invoice_id },
        ],
        mappings: [...mappingsOf(done, true), ...mappingsOf(fresh, true), ...mappingsOf(short, false)],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ConfirmInvoicesResponse>();
    expect(body.processed_count).toBe(1);
    expect(body.results).toEqual([
      expect.objectContaining({ invoice_id: done.invoice_id, invoice_number: 'BATCH-1', confirmed: false, code: 'already_confirmed' }),
      { invoice_id: fresh.invoice_id, invoice_number: 'BATCH-2', confirmed: true, code: null, message: null },
      expect.objectContaining({ invoice_id: short.invoice_id, invoice_number: 'BATCH-3', confirmed: false, code: 'lines_do_not_tie_out' }),
    ]);
    expect(body.results[0].message).toContain('already confirmed');
    const dto = (await app.inject({ url: `/api/invoices/${fresh.invoice_id}`, headers: await headers() })).json<InvoiceDto>();
    expect(dto.jobNumber).toBe('88');
    expect(dto.importFiles[0].download_url).toBe(`${body.download_url}?format=xlsx`);
  });

  it('discards a pending invoice of its owner only; a confirmed one stays', async () => {
    const pending = await upload('DISCARD-1');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/invoices/${pending.invoice_id}`, headers: await headers('someone-else') })).statusCode,
    ).toBe(404);
    const gone = await app.inject({ method: 'DELETE', url: `/api/invoices/${pending.invoice_id}`, headers: await headers() });
    expect(gone.statusCode).toBe(204);
    expect((await app.inject({ url: `/api/invoices/${pending.invoice_id}`, headers: await headers() })).statusCode).toBe(404);

    const kept = await upload('DISCARD-2');
    expect((await confirm(kept, { mappings: [...lines(kept), charge(19)] })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'DELETE', url: `/api/invoices/${kept.invoice_id}`, headers: await headers() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('invoice_confirmed');
  });

  it('writes the import of a dialog closed before its last invoice when it is downloaded, so a confirmed invoice always reaches one', async () => {
    const invoice = await upload('HALF-1');
    const confirmed = await confirm(invoice, { mappings: [...lines(invoice), charge(19)], is_last_invoice: false });
    expect(confirmed.json<ConfirmInvoiceResponse>()).toMatchObject({ download_url: null, import_files: [] });
    const dto = (await app.inject({ url: `/api/invoices/${invoice.invoice_id}`, headers: await headers() })).json<InvoiceDto>();
    expect(dto.status).toBe('Confirmed');
    const workbook = await app.inject({ url: dto.importFiles[0].download_url, headers: await headers() });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-disposition']).toContain('1-invoice');
    const after = (await app.inject({ url: `/api/invoices/${invoice.invoice_id}`, headers: await headers() })).json<InvoiceDto>();
    expect(after.status).toBe('Exported');
  });

  it('reads the same PDF afresh while it is pending, so vendor suggestions use what was learnt since', async () => {
    const before = await upload('REREAD-1');
    expect(before.vendor_candidates).not.toContain('LARKSPUR EQUIPMENT RENTALS');
    const vendors = new FormData();
    vendors.append('file', new Blob(['Vendor ID,Vendor Name\nV55,Larkspur Equipment Rentals\n']), 'vendors.csv');
    expect((await app.inject({ method: 'POST', url: '/api/upload-vendor-list', headers: await headers(), payload: vendors })).statusCode).toBe(200);
    const after = await upload('REREAD-1');
    expect(after.invoice_id).toBe(before.invoice_id);
    expect(after.vendor_candidates[0]).toBe('Larkspur Equipment Rentals');
  });
});
