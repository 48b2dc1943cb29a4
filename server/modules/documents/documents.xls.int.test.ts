import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto, DocumentWithContent, UploadResponse } from '@contract/documents';
import { makeOle2, makeXls } from '../../adapters/extractors/test-fixtures';
import { databaseKinds } from '../../test/databases';
import { createRetrievalService } from '../retrieval';
import { startDocumentsTestApp, uploadForm, type DocumentsTestApp } from '../../test/documents-app';

describe.each(databaseKinds)('legacy Office (.xls, .doc) uploads (%s)', (kind) => {
  let kai: DocumentsTestApp;

  beforeAll(async () => {
    kai = await startDocumentsTestApp(kind);
  });
  afterAll(() => kai?.close());

  const auth = (sub: string) => kai.auth(sub);
  const upload = async (sub: string, name: string, bytes: Uint8Array) =>
    kai.app.inject({ method: 'POST', url: '/api/upload', headers: await auth(sub), payload: uploadForm([{ name, bytes }]) });
  const getDocument = async (sub: string, id: string) =>
    (await kai.app.inject({ url: `/api/document/${id}`, headers: await auth(sub) })).json() as DocumentWithContent;
  const userId = async (sub: string) => {
    const result = (await kai.database.handle.db.execute(sql`select id from users where subject = ${sub}`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    return result.rows[0].id;
  };

  it('reads an .xls into Markdown tables in the queue and makes it searchable', async () => {
    const xls = makeXls({
      'Change orders': [
        ['Change order', 'Amount'],
        ['CO-118 extra rebar at grid K', 4150],
      ],
      Notes: [['Approved by the architect']],
    });
    const res = await upload('alice', 'change-orders.xls', xls);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = (res.json() as UploadResponse).files;
    expect(file).toMatchObject({ name: 'change-orders.xls', fileType: 'application/vnd.ms-excel', status: 'queued', duplicate: false });

    await kai.drain();
    const document = await getDocument('alice', file.id);
    expect(document).toMatchObject({
      kind: 'xls',
      status: 'ready',
      failureReason: null,
      metadata: { method: 'structured', sheets: ['Change orders', 'Notes'] },
    });
    expect(document.processedContent).toBe(
      '## Sheet: Change orders\n\n| Change order | Amount |\n| --- | --- |\n| CO-118 extra rebar at grid K | 4150 |\n\n## Sheet: Notes\n\n| Approved by the architect |\n| --- |',
    );
    const list = (await kai.app.inject({ url: '/api/documents', headers: await auth('alice') })).json() as DocumentDto[];
    expect(list.map((d) => [d.id, d.kind])).toEqual([[file.id, 'xls']]);

    const [hit] = await createRetrievalService({ db: kai.database.handle.db }).searchUploaded(await userId('alice'), 'extra rebar grid K');
    expect(hit).toMatchObject({ documentKey: file.id, title: 'change-orders.xls' });
  });

  it('refuses an .xls or another Office 97-2003 file named .doc with 415, storing nothing', async () => {
    const workbook = await upload('bob', 'minutes.doc', makeXls({ Minutes: [['Item'], ['Pour schedule']] }));
    expect(workbook.statusCode).toBe(415);
    expect(workbook.json().error).toEqual({ code: 'unsupported_type', message: 'minutes.doc says .doc but contains an Excel (.xls) workbook.' });
    const other = await upload('bob', 'minutes.doc', makeOle2({ '/Contents': 'x' }));
    expect(other.statusCode).toBe(415);
    expect(other.json().error.message).toMatch(/^minutes\.doc: This Office 97-2003 file is neither a Word document nor an Excel workbook/);
    expect((await kai.app.inject({ url: '/api/documents', headers: await auth('bob') })).json()).toEqual([]);
  });

  it('fails a .doc whose Word stream is not a Word document with a reason the uploader can read', async () => {
    const res = await upload('bob', 'minutes.doc', makeOle2({ '/WordDocument': 'x'.repeat(5000), '/1Table': 'y' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files[0]).toMatchObject({ fileType: 'application/msword', status: 'queued' });
    await kai.drain();
    expect(await getDocument('bob', res.json().files[0].id)).toMatchObject({
      kind: 'doc',
      status: 'failed',
      processedContent: null,
      failureReason: 'The Word (.doc) document could not be read: it is not a Word document, or it is damaged.',
    });
  });

  it('fails a damaged .xls with a reason the uploader can read', async () => {
    const damaged = Buffer.concat([makeXls({ S: [['a']] }).subarray(0, 8), Buffer.alloc(4096, 0x41)]);
    const res = await upload('carol', 'broken.xls', damaged);
    expect(res.statusCode, res.body).toBe(200);
    await kai.drain();
    expect(await getDocument('carol', res.json().files[0].id)).toMatchObject({
      status: 'failed',
      processedContent: null,
      failureReason: 'The Excel (.xls) workbook could not be read: it is not an Excel workbook, or it is damaged.',
    });
  });
});
