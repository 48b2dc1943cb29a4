import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedInvoice, UploadInvoiceResponse } from '@contract/invoices';
import { supplyInvoiceRows, type Row } from '../../invoice-reading/test-layouts';
import { databaseKinds } from '../../test/databases';
import { startDocumentsTestApp, uploadForm, type DocumentsTestApp } from '../../test/documents-app';
import { FakeOpenAI } from '../../test/fake-openai';

/**
 * Issue 27, finding 5: chat answers, help tips and invoice model-fill all count against one daily
 * AI allowance per user, and once it is spent none of them calls the model.
 */

/** One chat answer (the fake model reports 70 tokens for every call) spends it. */
const BUDGET = 50;
const CALL_TOKENS = 70;
const ALLOWANCE_SPENT = /today's AI allowance is used up/;

/** A supply invoice whose number sits under a label the rules do not know: the model is asked for it. */
const unlabelledNumberRows = (number: string): Row[] =>
  supplyInvoiceRows(number).map(([y, cells]) => [y, cells.map(([x, text]): [number, string] => [x, text === 'Invoice #' ? 'Ledger key' : text])]);

async function rowsPdf(rows: Row[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  for (const [y, cells] of rows) for (const [x, text] of cells) page.drawText(text, { x, y: 792 - y - 8, size: 9, font });
  return doc.save();
}

describe.each(databaseKinds)('one daily AI allowance for every model call (%s)', (kind) => {
  let model: FakeOpenAI;
  let env: DocumentsTestApp;

  beforeAll(async () => {
    model = await new FakeOpenAI().start();
    env = await startDocumentsTestApp(kind, {
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
      LLM_TIMEOUT_MS: '5000',
      KAI_DAILY_TOKEN_BUDGET: String(BUDGET),
      KAI_CHAT_RATE_LIMIT: '100',
    });
  });
  afterAll(async () => {
    await env?.close();
    await model?.stop();
  });
  beforeEach(() => {
    model.requests.length = 0;
  });

  const spentToday = async (sub: string): Promise<number> => {
    const result = await env.database.handle.db.execute<{ tokens: number }>(
      sql`select coalesce(sum(u.tokens), 0)::int as tokens from usage_daily u join users s on s.id = u.user_id where s.subject = ${sub}`,
    );
    const rows = (result as unknown as { rows?: Array<{ tokens: number }> }).rows ?? (result as unknown as Array<{ tokens: number }>);
    return Number(rows[0]?.tokens ?? 0);
  };

  /** A chat answer spends the user's allowance for today. */
  const spendAllowance = async (sub: string) => {
    model.reply({ kind: 'text', chunks: ['Retainage is held back.'] });
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await env.auth(sub),
      payload: { message: 'What is retainage?', source: 'structure', sessionId: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await spentToday(sub)).toBe(CALL_TOKENS);
    model.requests.length = 0;
  };

  const tip = async (sub: string, payload: { context: string; element: string }) => {
    const res = await env.app.inject({ method: 'POST', url: '/api/help/tip', headers: await env.auth(sub), payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ tip: string }>().tip;
  };

  const upload = async (sub: string, rows: Row[]): Promise<ParsedInvoice> => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/upload-invoice',
      headers: await env.auth(sub),
      payload: uploadForm([{ name: 'summit.pdf', bytes: await rowsPdf(rows) }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UploadInvoiceResponse>().parsed_invoice[0];
  };

  it('counts a help tip the model writes against the user’s allowance; a tip already written costs no one', async () => {
    model.reply({ kind: 'text', chunks: ['Choose the microphone to ask by voice.'] });
    expect(await tip('tipper', { context: 'Chat input', element: 'Voice input' })).toBe('Choose the microphone to ask by voice.');
    expect(model.requests).toHaveLength(1);
    expect(await spentToday('tipper')).toBe(CALL_TOKENS);

    await spendAllowance('late-reader');
    expect(await tip('late-reader', { context: 'chat input', element: 'voice input' })).toBe('Choose the microphone to ask by voice.');
    expect(model.requests).toHaveLength(0);
    expect(await spentToday('late-reader')).toBe(CALL_TOKENS);
  });

  it('with the allowance spent, 20 help tips make no model call and answer from the help passages', async () => {
    await spendAllowance('reader');
    model.reply({ kind: 'text', chunks: ['A tip the model should not have been asked for.'] });
    for (let i = 0; i < 20; i += 1) {
      expect(await tip('reader', { context: 'chat input bar', element: `microphone button ${i}` })).toMatch(/microphone/i);
    }
    expect(model.requests).toHaveLength(0);
    expect(await spentToday('reader')).toBe(CALL_TOKENS);

    // The passage answered the spent user only: someone with allowance left gets the model's tip.
    model.reply({ kind: 'text', chunks: ['Hold the microphone button and speak.'] });
    expect(await tip('fresh-reader', { context: 'chat input bar', element: 'microphone button 0' })).toBe('Hold the microphone button and speak.');
    expect(model.requests).toHaveLength(1);
  });

  it('with the allowance spent, an invoice upload is read by the rules alone and says why the model was not asked', async () => {
    // With allowance left, this invoice's number is one the model is asked for.
    model.reply({ kind: 'json', content: { invoice_number: 'LK-88213' } });
    const filled = await upload('clerk-with-allowance', unlabelledNumberRows('LK-88213'));
    expect(model.requests).toHaveLength(1);
    expect(filled.invoice_number).toBe('LK-88213');
    expect(await spentToday('clerk-with-allowance')).toBe(CALL_TOKENS);

    await spendAllowance('clerk');
    const invoice = await upload('clerk', unlabelledNumberRows('LK-55120'));
    expect(model.requests).toHaveLength(0);
    expect(invoice.invoice_number).toBeNull();
    expect(invoice.total_amount).toBe(832.84);
    expect(Object.values(invoice.fields).map((evidence) => evidence.source)).not.toContain('model');
    expect(invoice.warnings.join(' ')).toMatch(ALLOWANCE_SPENT);
    expect(await spentToday('clerk')).toBe(CALL_TOKENS);
  });
});
