import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmInvoicesResponse, InvoiceDto, UploadInvoicesResponse } from '@contract/invoices';
import { makeTextPdf } from '../../adapters/extractors/test-fixtures';
import { columns, readWorkbook } from '../../import-files/test-invoices';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';

const AUDIENCE = 'https://kai.example.com/api';

/** A one-page invoice printed in text, its amounts in `currency`: two items, tax, total. */
function textInvoice(vendor: string, number: string, currency: 'EUR' | 'USD') {
  return makeTextPdf([
    [
      [72, 780, vendor],
      [72, 760, `Invoice No: ${number}`],
      [72, 740, 'Invoice Date: 2026-11-05'],
      [72, 720, `Currency: ${currency}`],
      [72, 680, 'Description'],
      [300, 680, 'Qty'],
      [360, 680, 'Unit Price'],
      [460, 680, 'Amount'],
      [72, 660, 'Anchor bolts M12'],
      [300, 660, '10'],
      [360, 660, '8.00'],
      [460, 660, '80.00'],
      [72, 640, 'Threaded rod 1 m'],
      [300, 640, '5'],
      [360, 640, '4.00'],
      [460, 640, '20.00'],
      [360, 600, 'Subtotal'],
      [460, 600, '100.00'],
      [360, 580, 'Tax 19%'],
      [460, 580, '19.00'],
      [360, 560, `Total ${currency}`],
      [460, 560, '119.00'],
    ],
  ]);
}

describe.each(databaseKinds)('confirming in the invoice currency (%s)', (kind) => {
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

  const headers = async () => ({
    authorization: `Bearer ${await issuer.sign({ sub: 'euro-clerk', aud: AUDIENCE, email: 'euro-clerk@example.com' })}`,
  });

  it('lists an invoice with its currency, posts one invoice of a batch as its total alone, and names currencies in the Summary', async () => {
    const body = new FormData();
    body.append('files', new Blob([new Uint8Array(textInvoice('Bauhandel Nord GmbH', 'RE-2026-118', 'EUR'))]), 'bauhandel.pdf');
    body.append('files', new Blob([new Uint8Array(textInvoice('Keystone Fasteners Inc', 'KF-4410', 'USD'))]), 'keystone.pdf');
    const uploaded = await app.inject({ method: 'POST', url: '/api/upload-invoices', headers: await headers(), payload: body });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [euro, dollar] = uploaded.json<UploadInvoicesResponse>().results.flatMap((result) => result.parsed_invoices);
    expect([euro.currency, euro.total_amount, euro.line_items.length]).toEqual(['EUR', 119, 2]);
    expect(dollar.currency).toBe('USD');

    const listed = (await app.inject({ url: '/api/invoices', headers: await headers() })).json<InvoiceDto[]>();
    expect(Object.fromEntries(listed.map((invoice) => [invoice.invoiceNumber, invoice.currency]))).toEqual({
      'RE-2026-118': 'EUR',
      'KF-4410': 'USD',
    });
    // The chat's look-up quotes a euro invoice's total in euros.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await headers(),
      payload: { message: 'What is the total of invoice RE-2026-118?', source: 'uploaded', sessionId: 1 },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const sources = asked.json().message.metadata.sources as Array<{ title: string; snippet: string }>;
    expect(sources.find((source) => source.title.startsWith('Invoice RE-2026-118'))?.snippet).toContain('total €119.00');

    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoices',
      headers: await headers(),
      payload: {
        invoices: [euro, dollar],
        mappings: [
          { invoice_id: euro.invoice_id, line_number: 1, amount: 119, chosen_vendor: 'Bauhandel Nord', invoice_total_only: true },
          ...dollar.line_items.map((item) => ({
            invoice_id: dollar.invoice_id,
            line_number: item.line_number,
            amount: item.amount,
            chosen_vendor: 'Keystone',
          })),
          // The tax is printed apart from the lines: the clerk adds it as a charge so the lines tie out.
          { invoice_id: dollar.invoice_id, line_number: 3, amount: 19, chosen_vendor: 'Keystone', added: true, description: 'Tax 19%' },
        ],
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json<ConfirmInvoicesResponse>();
    expect(answer).toMatchObject({ success: true, processed_count: 2, error: null });

    const workbook = await readWorkbook((await app.inject({ url: answer.download_url!, headers: await headers() })).rawPayload);
    const detail = workbook.getWorksheet('Daily-Detail')!;
    const col = columns(detail);
    const rows = Array.from({ length: detail.rowCount - 1 }, (_, index) => detail.getRow(index + 2)).map((row) => ({
      invoice: String(row.getCell(col.get('Invoice Number')!).value),
      vendor: String(row.getCell(col.get('Vendor Name')!).value),
      description: String(row.getCell(col.get('Description')!).value),
      amount: Number(row.getCell(col.get('Amount')!).value),
    }));
    expect(rows.filter((row) => row.invoice === 'RE-2026-118')).toEqual([
      { invoice: 'RE-2026-118', vendor: 'Bauhandel Nord', description: 'Invoice RE-2026-118 total', amount: 119 },
    ]);
    expect(rows.filter((row) => row.invoice === 'KF-4410').map((row) => row.amount)).toEqual([80, 20, 19]);
    expect(col.has('Currency')).toBe(false);

    const summary = workbook.getWorksheet('Summary')!;
    const currencyColumn = (summary.getRow(4).values as unknown[]).indexOf('Currency');
    const byNumber = new Map([5, 6].map((row) => [String(summary.getRow(row).getCell(2).value), summary.getRow(row).getCell(currencyColumn).value]));
    expect(Object.fromEntries(byNumber)).toEqual({ 'RE-2026-118': 'EUR', 'KF-4410': 'USD' });
  });

  it('posts a bill read without lines or total: the amount typed on its one line, and a charge added beside it', async () => {
    const bill = makeTextPdf([
      [
        [72, 780, 'Riverside Water Utility'],
        [72, 760, 'Invoice No: WB-2026-0042'],
        [72, 740, 'Invoice Date: 2026-11-05'],
        [72, 700, 'Your water and sewer service for October.'],
      ],
    ]);
    const body = new FormData();
    body.append('files', new Blob([new Uint8Array(bill)]), 'water.pdf');
    const uploaded = await app.inject({ method: 'POST', url: '/api/upload-invoices', headers: await headers(), payload: body });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [invoice] = uploaded.json<UploadInvoicesResponse>().results[0].parsed_invoices;
    expect([invoice.total_amount, invoice.line_items.length]).toEqual([null, 0]);
    expect(invoice.invoice_lines).toMatchObject([{ line_number: 1, amount: 0 }]);

    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoice',
      headers: await headers(),
      payload: {
        parsed_invoice: invoice,
        mappings: [
          { line_number: 1, amount: 64.53, chosen_vendor: 'Riverside Water' },
          { line_number: 2, amount: 5, chosen_vendor: 'Riverside Water', added: true, description: 'Late fee' },
        ],
        is_last_invoice: true,
        session_id: 'bare-bill',
        invoice_total_only: false,
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const workbook = await readWorkbook(
      (await app.inject({ url: confirmed.json<ConfirmInvoicesResponse>().download_url!, headers: await headers() })).rawPayload,
    );
    const detail = workbook.getWorksheet('Daily-Detail')!;
    const col = columns(detail);
    const rows = Array.from({ length: detail.rowCount - 1 }, (_, index) => detail.getRow(index + 2))
      .filter((row) => String(row.getCell(col.get('Invoice Number')!).value) === 'WB-2026-0042')
      .map((row) => [String(row.getCell(col.get('Description')!).value), Number(row.getCell(col.get('Amount')!).value)]);
    expect(rows).toEqual([
      ['Invoice WB-2026-0042 total', 64.53],
      ['Late fee', 5],
    ]);
  });

  it('writes a charge added at review after the read lines, so an invoice short of its tax ties out; refuses misnumbered ones', async () => {
    const upload = async (name: string, number: string) => {
      const body = new FormData();
      body.append('files', new Blob([new Uint8Array(textInvoice('Keystone Fasteners Inc', number, 'USD'))]), name);
      const answer = await app.inject({ method: 'POST', url: '/api/upload-invoices', headers: await headers(), payload: body });
      return answer.json<UploadInvoicesResponse>().results[0].parsed_invoices[0];
    };
    const invoice = await upload('keystone-4411.pdf', 'KF-4411');
    expect([invoice.total_amount, invoice.line_items.map((item) => item.amount)]).toEqual([119, [80, 20]]);
    const read = invoice.line_items.map((item) => ({ line_number: item.line_number, amount: item.amount, chosen_vendor: 'Keystone' }));
    const confirmOne = async (mappings: unknown[], extra: Record<string, unknown> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/confirm-invoice',
        headers: await headers(),
        payload: { parsed_invoice: invoice, mappings, is_last_invoice: true, session_id: 'added-charges', invoice_total_only: false, ...extra },
      });

    const charge = (line: number, amount = 19) => ({ line_number: line, amount, chosen_vendor: 'Keystone', added: true, description: 'Sales tax' });
    const refusals = [
      [[...read, charge(2)], 'added_line_number'],
      [[...read, charge(3), charge(3)], 'duplicate_line'],
      [[...read, ...Array.from({ length: 21 }, (_, index) => charge(3 + index, 1))], 'too_many_added_charges'],
      [[...read, { line_number: 3, amount: 19, chosen_vendor: 'Keystone' }], 'unknown_line'],
    ] as const;
    for (const [mappings, code] of refusals) {
      const refused = await confirmOne([...mappings]);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe(code);
    }
    const totalOnly = await confirmOne([{ line_number: 1, amount: 119, chosen_vendor: 'Keystone' }, charge(3)], { invoice_total_only: true });
    expect(totalOnly.json().error.code).toBe('added_charge_with_total_only');
    const outOfRange = await confirmOne([...read, charge(3, 1e12)]);
    expect(outOfRange.statusCode).toBe(400);

    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/confirm-invoices',
      headers: await headers(),
      payload: {
        invoices: [invoice],
        mappings: [...read, { ...charge(3), description: '  ' }].map((mapping) => ({ ...mapping, invoice_id: invoice.invoice_id })),
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json<ConfirmInvoicesResponse>();
    expect(answer).toMatchObject({ success: true, processed_count: 1, error: null });
    const workbook = await readWorkbook((await app.inject({ url: answer.download_url!, headers: await headers() })).rawPayload);
    const detail = workbook.getWorksheet('Daily-Detail')!;
    const col = columns(detail);
    const rows = Array.from({ length: detail.rowCount - 1 }, (_, index) => detail.getRow(index + 2)).map((row) => [
      String(row.getCell(col.get('Description')!).value),
      Number(row.getCell(col.get('Amount')!).value),
      String(row.getCell(col.get('Vendor Name')!).value),
      Number(row.getCell(col.get('Line')!).value),
    ]);
    expect(rows).toEqual([
      ['Anchor bolts M12', 80, 'Keystone', 1],
      ['Threaded rod 1 m', 20, 'Keystone', 2],
      ['Charge added at review', 19, 'Keystone', 3],
    ]);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getRow(5).getCell(11).value).toBe('Ties out (1 charge added at review)');
  });
});
