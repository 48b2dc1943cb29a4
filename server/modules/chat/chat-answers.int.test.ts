import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendChatResponse } from '@contract/chat';
import type { DocumentDto, UploadResponse } from '@contract/documents';
import { makeTextPdf } from '../../adapters/extractors/test-fixtures';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { buildDocumentsTestApp, uploadForm } from '../../test/documents-app';
import { FakeIssuer } from '../../test/fake-issuer';
import { FakeOpenAI } from '../../test/fake-openai';
import { NO_UPLOADS_ANSWER } from './retrieval-tools';

const AUDIENCE = 'https://kai.example.com/api';

/** Two made-up help pages that both explain cancelling: only the chat's subject tells them apart. */
const DEBIT_NOTES = [
  'Debit notes for vendor returns',
  'A debit note records goods sent back to a supplier, such as damaged drywall or surplus rebar.',
  'Raise the debit note in Payables against the original vendor bill and quote the return number.',
  'The debit note lowers the balance owed to that vendor on the next payment run.',
  'To cancel a debit note, open it in Payables and choose Void; the vendor balance is restored.',
];
const CREDIT_NOTES = [
  'Credit notes for customer refunds',
  'A credit note lowers what a customer owes after an overbilled progress claim or a pricing error.',
  'Raise the credit note in Receivables against the customer invoice and state the refund reason.',
  'The credit note appears on the customer statement and reduces the open receivable.',
  'To cancel a credit note, open it in Receivables and choose Reverse; the customer balance is restored.',
];
const pdfOf = (lines: string[], title: string) => makeTextPdf([lines.map((text, i): [number, number, string] => [72, 760 - i * 40, text])], title);

describe.each(databaseKinds)('chat answers from uploaded files (%s)', (kind) => {
  let issuer: FakeIssuer;
  let model: FakeOpenAI;
  let database: TestDatabase;
  let withoutModel: Awaited<ReturnType<typeof buildDocumentsTestApp>>;
  let withModel: Awaited<ReturnType<typeof buildDocumentsTestApp>>;
  const documentIds: Record<string, string> = {};

  const auth = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE, email: `${sub}@example.com` })}` });
  const ask = async (app: typeof withModel.app, sub: string, message: string, sessionId = 1) => {
    const res = await app.inject({ method: 'POST', url: '/api/chat', headers: await auth(sub), payload: { message, source: 'uploaded', sessionId } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SendChatResponse).message;
  };
  const cited = (message: SendChatResponse['message']) => (message.metadata?.sources ?? []).map((s) => s.documentId);

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    model = await new FakeOpenAI().start();
    database = await createTestDatabase(kind);
    const identity = { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE };
    withoutModel = await buildDocumentsTestApp(database.handle, identity);
    withModel = await buildDocumentsTestApp(database.handle, {
      ...identity,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
    });
    // Every user of these tests holds the same two files.
    for (const sub of ['clerk-follow', 'clerk-switch', 'clerk-missing', 'clerk-model']) {
      const res = await withoutModel.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: await auth(sub),
        payload: uploadForm([
          { name: 'debit-notes.pdf', bytes: pdfOf(DEBIT_NOTES, 'Debit notes') },
          { name: 'credit-notes.pdf', bytes: pdfOf(CREDIT_NOTES, 'Credit notes') },
        ]),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [debit, credit] = (res.json() as UploadResponse).files;
      Object.assign(documentIds, { [`${sub}:debit`]: debit.id, [`${sub}:credit`]: credit.id });
    }
    // The company vendor list: records the Uploaded Files look-ups may quote, never as the user's files.
    const vendors = new FormData();
    vendors.append('file', new Blob(['Vendor ID,Vendor Name,Status\nV100,Keller Masonry Supply,Active\n']), 'vendors.csv');
    const loaded = await withoutModel.app.inject({
      method: 'POST',
      url: '/api/upload-vendor-list',
      headers: await auth('clerk-follow'),
      payload: vendors,
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    await withoutModel.drain();
    const listed = await withoutModel.app.inject({ url: '/api/documents', headers: await auth('clerk-follow') });
    expect((listed.json() as DocumentDto[]).map((d) => d.status)).toEqual(['ready', 'ready']);
  });
  afterAll(async () => {
    await withModel?.app.close();
    await withoutModel?.app.close();
    await database?.dispose();
    await model?.stop();
    await issuer?.stop();
  });

  it('keeps the subject of the chat for a short follow-up question', async () => {
    const first = await ask(withoutModel.app, 'clerk-follow', 'How do I record a debit note for drywall we sent back to the supplier?');
    expect(cited(first)[0]).toBe(documentIds['clerk-follow:debit']);

    const followUp = await ask(withoutModel.app, 'clerk-follow', 'And how do I cancel one?');
    expect(followUp.metadata).toMatchObject({ mode: 'retrieval', source: 'uploaded' });
    expect(cited(followUp)[0]).toBe(documentIds['clerk-follow:debit']);
    // The answer leads with the cited sentence that answers it.
    expect(followUp.content.split('\n\n')[0]).toContain('To cancel a debit note, open it in Payables and choose Void');
    expect(followUp.content).toContain('### Passages');
  });

  it("does not answer a question on a new subject from the earlier subject's passages", async () => {
    const first = await ask(withoutModel.app, 'clerk-switch', 'How do I record a debit note for drywall we sent back to the supplier?');
    expect(cited(first)[0]).toBe(documentIds['clerk-switch:debit']);

    // It names its own subject, which the files do not cover: the debit notes of the chat are no answer.
    const offTopic = await ask(withoutModel.app, 'clerk-switch', 'What is the capital of Mongolia?');
    expect(offTopic.content).toMatch(/^Your uploaded files do not seem to cover this question/);
    expect(cited(offTopic)).toEqual([]);
  });

  it('tells a user with no uploads that there is nothing of theirs, and quotes no company record as theirs', async () => {
    for (const app of [withoutModel.app, withModel.app]) {
      const message = await ask(app, 'clerk-empty', 'What is the vendor code for Keller Masonry Supply?');
      expect(message.content).toBe(NO_UPLOADS_ANSWER);
      expect(message.metadata?.sources).toEqual([]);
    }
  });

  it('labels a vendor record it quotes as the company vendor list, not as the user’s files', async () => {
    const message = await ask(withoutModel.app, 'clerk-missing', 'What is the vendor code for Keller Masonry Supply?');
    expect(message.content).toContain('V100');
    expect(message.content).toMatch(/_Quoted from (?:your uploaded files and )?the company vendor list as written/);
  });

  it('says plainly that the files do not cover a question, with no citations', async () => {
    const message = await ask(withoutModel.app, 'clerk-missing', 'What per diem rate applies to hotel stays in Denver?');
    expect(message.content).toMatch(/^Your uploaded files do not seem to cover this question/);
    expect(message.content).toContain('Structure/General');
    expect(message.content).not.toMatch(/\[\d\]/);
    expect(message.metadata?.sources).toEqual([]);
  });

  it('gives the model the same passages, and tells it when none is strong enough', async () => {
    model.requests.length = 0;
    model.reply({ kind: 'text', chunks: ['Open it in Payables and choose Void [1].'] });
    const answered = await ask(withModel.app, 'clerk-model', 'How do I cancel a debit note?');
    expect(cited(answered)[0]).toBe(documentIds['clerk-model:debit']);
    const prompt = JSON.stringify(model.requests[0].body.messages);
    expect(prompt).toContain('To cancel a debit note');
    expect(prompt.match(/<passage id=/g)?.length).toBeLessThanOrEqual(5);

    model.requests.length = 0;
    model.reply({ kind: 'text', chunks: ['Your uploaded files do not seem to cover that.'] });
    const missing = await ask(withModel.app, 'clerk-model', 'What per diem rate applies to hotel stays in Denver?');
    expect(missing.metadata?.sources).toEqual([]);
    const notFoundPrompt = JSON.stringify(model.requests[0].body.messages.at(-1));
    expect(notFoundPrompt).not.toContain('<passages>');
    expect(notFoundPrompt).toContain('say plainly that your uploaded files do not seem to cover it');
  });
});
