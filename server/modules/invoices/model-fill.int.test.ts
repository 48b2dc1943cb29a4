import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedInvoice, UploadInvoiceResponse } from '@contract/invoices';
import { createLanguageModel } from '../../adapters/llm';
import { parseInvoiceLayout } from '../../invoice-reading';
import { layout, supplyInvoiceRows, type Row } from '../../invoice-reading/test-layouts';
import { databaseKinds } from '../../test/databases';
import { startDocumentsTestApp, uploadForm, type DocumentsTestApp } from '../../test/documents-app';
import { FakeOpenAI } from '../../test/fake-openai';
import { createModelFill } from './model-fill';

/**
 * Issue 12: with a model configured, it fills what the rules left empty through structured output
 * (decision 014), only with values printed on the invoice, and the upload never fails because of it.
 */

/** A lumber-yard invoice whose number sits under a label the rules do not know ('Ledger key'). */
function lumberRows(key: string): Row[] {
  return [
    [
      40,
      [
        [40, 'Northwind Timber & Supply'],
        [400, 'INVOICE'],
      ],
    ],
    [
      54,
      [
        [40, '410 Mill Road, Eugene, OR 97402'],
        [400, 'Date'],
        [480, '03/02/2026'],
      ],
    ],
    [
      68,
      [
        [40, 'Phone (541) 555-0107'],
        [400, 'Ledger key'],
        [480, key],
      ],
    ],
    [
      120,
      [
        [40, 'Description'],
        [330, 'Qty'],
        [390, 'Unit Price'],
        [500, 'Amount'],
      ],
    ],
    [
      136,
      [
        [40, '2x4 SPF stud 8 ft'],
        [330, '100'],
        [390, '4.25'],
        [500, '425.00'],
      ],
    ],
    [
      190,
      [
        [390, 'Subtotal'],
        [500, '425.00'],
      ],
    ],
    [
      204,
      [
        [390, 'Total Due'],
        [500, '425.00'],
      ],
    ],
  ];
}

/** A letter-size text PDF with each row's cells placed from the top, as the test layouts are. */
async function rowsPdf(rows: Row[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  for (const [y, cells] of rows) for (const [x, text] of cells) page.drawText(text, { x, y: 792 - y - 8, size: 9, font });
  return doc.save();
}

/** The structured answer, every field the schema may ask for (a server sends the keys it was asked). */
const answer = (values: Record<string, unknown>) => ({
  vendor: null,
  invoice_number: null,
  invoice_date: null,
  due_date: null,
  total_amount: null,
  job_number: null,
  reference: null,
  ...values,
});

describe.each(databaseKinds)('invoice fields filled by a model (%s)', (kind) => {
  let model: FakeOpenAI;
  let env: DocumentsTestApp;

  beforeAll(async () => {
    model = await new FakeOpenAI().start();
    env = await startDocumentsTestApp(kind, { LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake-model', LLM_MAX_RETRIES: '0', LLM_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => {
    await env?.close();
    await model?.stop();
  });
  beforeEach(() => {
    model.requests.length = 0;
  });

  async function upload(rows: Row[], sub = 'clerk'): Promise<ParsedInvoice> {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/upload-invoice',
      headers: await env.auth(sub),
      payload: uploadForm([{ name: 'northwind.pdf', bytes: await rowsPdf(rows) }]),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [invoice] = response.json<UploadInvoiceResponse>().parsed_invoice;
    return invoice;
  }

  it('fills the invoice number the rules left empty with the one printed, marks it, and refuses an invented PO', async () => {
    model.reply({ kind: 'json', content: answer({ invoice_number: 'LK-88213', reference: 'PO-4411' }) });
    const invoice = await upload(lumberRows('LK-88213'));

    expect(invoice.invoice_number).toBe('LK-88213');
    expect(invoice.fields.invoice_number).toMatchObject({ source: 'model', region: { page: 1 } });
    expect(invoice.fields.total_amount).toMatchObject({ source: 'rules' });
    expect(invoice.reference).toBeNull();
    expect(invoice.warnings).toContain('Invoice number read by the AI model; please check it.');
    expect(invoice.warnings).not.toContain('No invoice number was found.');

    // One non-streaming structured-output request, asking only for what the rules lacked.
    expect(model.requests).toHaveLength(1);
    const { body } = model.requests[0];
    expect(body.stream).toBeFalsy();
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'invoice_fields' } });
    const asked = Object.keys(body.response_format!.json_schema!.schema.properties as object);
    expect(asked).toContain('invoice_number');
    expect(asked).not.toContain('vendor');
    expect(asked).not.toContain('total_amount');
    expect(JSON.stringify(body.messages)).toContain('Ledger key  LK-88213');

    // Stored with the invoice: read again later, it still says who read the number.
    const again = await env.app.inject({ method: 'GET', url: `/api/invoices/${invoice.invoice_id}/parsed`, headers: await env.auth('clerk') });
    expect(again.json<ParsedInvoice>().fields.invoice_number?.source).toBe('model');
  });

  it('keeps the rules\u2019 reading when the model server fails, and the upload still succeeds', async () => {
    model.reply({ kind: 'status', status: 500, message: 'model overloaded' });
    const invoice = await upload(lumberRows('LK-55120'));

    expect(model.requests).toHaveLength(1);
    expect(invoice.invoice_number).toBeNull();
    expect(invoice.total_amount).toBe(425);
    expect(Object.values(invoice.fields).map((evidence) => evidence.source)).not.toContain('model');
    expect(invoice.warnings).toContain('No invoice number was found.');
    const log = env.logText();
    expect(log).toContain('the model could not help read an invoice');
    expect(log).not.toContain('LK-55120');
  });

  it('keeps the rules\u2019 reading when the model answers with something other than JSON', async () => {
    model.reply({ kind: 'json', content: 'The invoice number is LK-77001.' });
    const invoice = await upload(lumberRows('LK-77001'));
    expect(invoice.invoice_number).toBeNull();
    expect(invoice.warnings.join(' ')).not.toContain('AI model');
  });

  it('never asks the model about an invoice the rules read completely', async () => {
    model.reply({ kind: 'json', content: answer({ vendor: 'Someone Else Inc.' }) });
    const invoice = await upload(supplyInvoiceRows('INV-31337'));
    expect(model.requests).toHaveLength(0);
    expect(invoice.fields.vendor).toMatchObject({ source: 'rules' });
  });
});

describe('a model that does not answer in time', () => {
  it('leaves the invoice as the rules read it, and logs no document text', async () => {
    const model = await new FakeOpenAI().start();
    model.reply({ kind: 'hang' });
    const warnings: unknown[] = [];
    const fill = createModelFill({
      model: createLanguageModel({ provider: 'openai', baseUrl: model.baseUrl, model: 'fake-model', timeoutMs: 300, maxRetries: 0 }),
      timeoutMs: 300,
      maxRetries: 0,
      budget: { metered: (_userId, _estimate, call) => call() },
      log: { warn: (entry: unknown) => void warnings.push(entry) } as never,
    });
    const pages = layout(lumberRows('LK-40404'));
    const [invoice] = parseInvoiceLayout(pages);
    const started = Date.now();
    try {
      const result = await fill(invoice, pages, { documentId: 'doc-1', userId: 'clerk' });
      expect(result).toEqual({ invoice, filledByModel: [] });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(warnings).toHaveLength(1);
      expect(JSON.stringify(warnings)).not.toContain('LK-40404');
      expect(warnings[0]).toMatchObject({ documentId: 'doc-1' });
    } finally {
      await model.stop();
    }
  });
});
