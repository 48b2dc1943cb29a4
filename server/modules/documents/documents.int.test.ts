import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto, DocumentWithContent, UploadResponse } from '@contract/documents';
import { makeDocx, makeTextPdf, makeXlsx, readSubcontractNoteDoc, renderTextImage } from '../../adapters/extractors/test-fixtures';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { createRetrievalService } from '../retrieval';
import { buildDocumentsTestApp, uploadForm } from '../../test/documents-app';
import { postHugeUpload } from '../../test/huge-upload';

const AUDIENCE = 'https://kai.example.com/api';
const MAX_FILE_BYTES = 1024 * 1024;

describe.each(databaseKinds)('documents (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: FastifyInstance;
  let drain: () => Promise<void>;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    ({ app, drain } = await buildDocumentsTestApp(database.handle, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: AUDIENCE,
      KAI_ADMIN_EMAILS: 'boss@example.com',
      KAI_UPLOAD_MAX_FILE_BYTES: String(MAX_FILE_BYTES),
      KAI_UPLOAD_MAX_FILES: '3',
    }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await issuer?.stop();
  });

  const auth = async (sub: string, email = `${sub}@example.com`) => ({
    authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE, email })}`,
  });
  const upload = async (sub: string, files: Array<{ name: string; bytes: Uint8Array | string }>, fields?: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/upload', headers: await auth(sub), payload: uploadForm(files, fields) });
  const uploadOne = async (sub: string, name: string, bytes: Uint8Array | string) => {
    const res = await upload(sub, [{ name, bytes }]);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as UploadResponse).files[0];
  };
  const getDocument = async (sub: string, id: string) =>
    (await app.inject({ url: `/api/document/${id}`, headers: await auth(sub) })).json() as DocumentWithContent;
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await database.handle.db.execute(query)) as unknown as { rows: Array<{ n: unknown }> };
    return Number(result.rows[0].n);
  };
  const userId = async (sub: string) => {
    const result = (await database.handle.db.execute(sql`select id from users where subject = ${sub}`)) as unknown as { rows: Array<{ id: string }> };
    return result.rows[0].id;
  };

  it('refuses anonymous callers before reading the upload', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/upload', payload: uploadForm([{ name: 'a.csv', bytes: 'a,b\n1,2\n' }]) });
    expect(res.statusCode).toBe(401);
    expect((await app.inject({ url: '/api/documents' })).statusCode).toBe(401);
  });

  it('uploads every supported type, extracts it in the queue and makes it searchable by page', async () => {
    const pdf = makeTextPdf(
      [[[72, 760, 'Invoice ZX-7741 for crushed gravel']], [[72, 760, 'Retainage schedule for the north wing']]],
      'Gravel invoice',
    );
    const samples: Array<{ name: string; bytes: Uint8Array | string; fileType: string; text: string; metadata: Record<string, unknown> }> = [
      {
        name: 'gravel.pdf',
        bytes: pdf,
        fileType: 'application/pdf',
        text: 'Retainage schedule',
        metadata: { method: 'text', pages: 2, title: 'Gravel invoice' },
      },
      {
        name: 'diary.docx',
        bytes: makeDocx({ heading: 'Site diary', paragraphs: ['Concrete pour on level three'] }),
        fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        text: 'Concrete pour on level three',
        metadata: { method: 'structured' },
      },
      {
        name: 'subcontract-note.doc',
        bytes: readSubcontractNoteDoc(),
        fileType: 'application/msword',
        text: 'Subcontract Note: Harbor Street Clinic\n\nSubcontractor: Pinewood Framing Co.',
        metadata: { method: 'structured' },
      },
      {
        name: 'costs.xlsx',
        bytes: await makeXlsx({
          Costs: [
            ['Item', 'Amount'],
            ['Rebar bundle', 1200],
          ],
        }),
        fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        text: 'Rebar bundle',
        metadata: { sheets: ['Costs'] },
      },
      { name: 'vendors.csv', bytes: 'vendor,amount\nAcme Lumber,10\n', fileType: 'text/csv', text: 'Acme Lumber', metadata: {} },
      {
        name: 'note.png',
        bytes: await renderTextImage(['Delivery note 5521'], 'png'),
        fileType: 'image/png',
        text: '5521',
        metadata: { method: 'ocr' },
      },
      {
        name: 'note.jpg',
        bytes: await renderTextImage(['Delivery note 6632'], 'jpeg'),
        fileType: 'image/jpeg',
        text: '6632',
        metadata: { method: 'ocr' },
      },
      {
        name: 'note.webp',
        bytes: await renderTextImage(['Delivery note 7743'], 'webp'),
        fileType: 'image/webp',
        text: '7743',
        metadata: { method: 'ocr' },
      },
    ];
    const ids: string[] = [];
    for (const sample of samples) {
      const file = await uploadOne('alice', sample.name, sample.bytes);
      expect(file).toMatchObject({
        name: sample.name,
        fileType: sample.fileType,
        status: 'queued',
        duplicate: false,
        size: Buffer.byteLength(sample.bytes),
      });
      ids.push(file.id);
    }
    await drain();
    for (const [i, sample] of samples.entries()) {
      const document = await getDocument('alice', ids[i]);
      expect(document, sample.name).toMatchObject({ status: 'ready', failureReason: null, fileType: sample.fileType, filename: sample.name });
      expect(document.processedContent, sample.name).toContain(sample.text);
      expect(document.metadata, sample.name).toMatchObject(sample.metadata);
    }

    const retrieval = createRetrievalService({ db: database.handle.db });
    const [hit] = await retrieval.searchUploaded(await userId('alice'), 'retainage schedule north wing');
    expect(hit).toMatchObject({ documentKey: ids[0], page: 2, title: 'gravel.pdf' });
    const [docHit] = await retrieval.searchUploaded(await userId('alice'), 'lien waiver before retainage release');
    expect(docHit).toMatchObject({ documentKey: ids[2], title: 'subcontract-note.doc' });
    expect(await retrieval.searchUploaded('00000000-0000-4000-8000-000000000001', 'retainage schedule north wing')).toEqual([]);

    const list = (await app.inject({ url: '/api/documents', headers: await auth('alice') })).json() as DocumentDto[];
    expect(list.map((d) => d.id)).toEqual([...ids].reverse());
  });

  it('returns the existing document for the same bytes under the name given this time, and stores nothing', async () => {
    const first = await uploadOne('dora', 'one.csv', 'a,b\n1,2\n');
    const blobsBefore = await count(sql`select count(*) as n from blob_chunks`);
    const again = await upload('dora', [
      { name: 'renamed.csv', bytes: 'a,b\n1,2\n' },
      { name: 'twice.csv', bytes: 'a,b\n1,2\n' },
    ]);
    expect(again.json().files).toEqual([
      expect.objectContaining({ id: first.id, name: 'renamed.csv', duplicate: true }),
      expect.objectContaining({ id: first.id, name: 'twice.csv', duplicate: true }),
    ]);
    expect(await count(sql`select count(*) as n from blob_chunks`)).toBe(blobsBefore);
    // One document, known by the latest name it was uploaded under; its id (cited in answers) stays.
    const mine = (await app.inject({ url: '/api/documents', headers: await auth('dora') })).json() as DocumentDto[];
    expect(mine).toEqual([expect.objectContaining({ id: first.id, filename: 'twice.csv' })]);
    const download = await app.inject({ url: `/api/documents/${first.id}/download`, headers: await auth('dora') });
    expect(download.headers['content-disposition']).toContain('twice.csv');
    // The same bytes from another user are that user's own document.
    expect((await uploadOne('erin', 'one.csv', 'a,b\n1,2\n')).id).not.toBe(first.id);
  });

  it('answers 413 for a file over the limit as soon as it is crossed, without reading the rest', async () => {
    const res = await upload('frank', [{ name: 'big.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_FILE_BYTES + 10)]) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'file_too_large', message: 'big.pdf is larger than the 1 MB limit.' } });

    // A 200 MB body the client would keep sending: KAI answers and hangs up soon after the limit.
    const outcome = await postHugeUpload(app, {
      path: '/api/upload',
      field: 'files',
      filename: 'huge.pdf',
      headers: await auth('frank'),
      totalBytes: 200 * 1024 * 1024,
      head: '%PDF-1.4\n',
    });
    // The client sees the 413, or (when the hang-up races its writes) a reset; either way KAI stopped reading.
    if (outcome.status !== undefined) expect(outcome.status).toBe(413);
    else expect(outcome.error).toMatch(/ECONNRESET|EPIPE|socket hang up/);
    expect(outcome.sent).toBeLessThan(outcome.total / 4);
    expect((await app.inject({ url: '/api/documents', headers: await auth('frank') })).json()).toEqual([]);
  });

  it('stores the good files of an upload and reports each bad one with its own reason', async () => {
    const oversized = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_FILE_BYTES + 10)]);
    const res = await upload('paula', [
      { name: 'notes.txt', bytes: 'just some notes\n' },
      { name: 'costs.csv', bytes: 'job,amount\n1001,250\n' },
      { name: 'scan.pdf', bytes: oversized },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as UploadResponse;
    expect(body.files.map((file) => file.name)).toEqual(['costs.csv']);
    expect(body.failed).toEqual([
      { name: 'notes.txt', code: 'unsupported_type', message: expect.stringMatching(/^notes\.txt: /) },
      { name: 'scan.pdf', code: 'file_too_large', message: 'scan.pdf is larger than the 1 MB limit.' },
    ]);
    const mine = (await app.inject({ url: '/api/documents', headers: await auth('paula') })).json() as DocumentDto[];
    expect(mine.map((d) => d.filename)).toEqual(['costs.csv']);

    // When no file goes through, the answer is an error naming each file.
    const none = await upload('paula', [
      { name: 'a.txt', bytes: 'one\n' },
      { name: 'b.exe', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) },
    ]);
    expect(none.statusCode).toBe(415);
    expect(none.json().error.message).toMatch(/^None of the 2 files could be uploaded\. a\.txt: .* b\.exe: /);
  });

  it('answers 413 for too many files in one upload', async () => {
    const files = Array.from({ length: 4 }, (_, i) => ({ name: `f${i}.csv`, bytes: `a,b\n${i},2\n` }));
    const res = await upload('gina', files);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'too_many_files', message: 'You can upload at most 3 files at once.' });
    expect((await app.inject({ url: '/api/documents', headers: await auth('gina') })).json()).toEqual([]);
  });

  it('answers 415 for programs, web pages and names that lie about the content, storing nothing', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    const html = '<!doctype html><html><script>alert(1)</script></html>';
    const png = await renderTextImage(['not a pdf'], 'png', { width: 200, height: 80 }, 20);
    const cases: Array<[string, Uint8Array | string, string | RegExp]> = [
      ['setup.pdf', exe, /^setup\.pdf: Programs cannot be uploaded\. Accepted types: PDF, Word/],
      ['page.pdf', html, /^page\.pdf: Web pages \(HTML\) are not supported\./],
      ['scan.pdf', png, 'scan.pdf says .pdf but contains a PNG image.'],
      ['legacy.txt', 'a,b\n1,2\n', 'legacy.txt says .txt but contains a CSV file.'],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await upload('hank', [{ name, bytes }]);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error.code).toBe('unsupported_type');
      expect(res.json().error.message).toMatch(message);
    }
    expect((await app.inject({ url: '/api/documents', headers: await auth('hank') })).json()).toEqual([]);
  });

  it('keeps the knowledge purpose for administrators', async () => {
    const refused = await upload('ivan', [{ name: 'guide.csv', bytes: 'k,v\n1,2\n' }], { purpose: 'knowledge' });
    expect(refused.statusCode).toBe(403);
    const admin = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await auth('boss', 'boss@example.com'),
      payload: uploadForm([{ name: 'guide.csv', bytes: 'k,v\n1,2\n' }], { purpose: 'knowledge', sessionId: '1' }),
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const document = await getDocument('boss', admin.json().files[0].id);
    expect(document.purpose).toBe('knowledge');

    // Once read, it answers everyone's guide questions, and leaves the guide when deleted.
    const notes = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await auth('boss', 'boss@example.com'),
      payload: uploadForm(
        [{ name: 'closing-notes.csv', bytes: 'topic,rule\nHarbor View lien releases,Collect the zyxquorp release within fourteen days\n' }],
        { purpose: 'knowledge' },
      ),
    });
    await drain();
    const ask = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: await auth('ivan'),
        payload: { message: 'When is the zyxquorp release due?', source: 'structure', sessionId: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().message.metadata.sources.map((source: { title: string; type: string }) => `${source.type}:${source.title}`);
    };
    expect(await ask()).toContain('structure:closing-notes.csv');
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/documents/${notes.json().files[0].id}`,
      headers: await auth('boss', 'boss@example.com'),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ask()).not.toContain('structure:closing-notes.csv');
    const invalid = await upload('ivan', [{ name: 'x.csv', bytes: 'k,v\n3,4\n' }], { purpose: 'gossip' });
    expect(invalid.statusCode).toBe(400);
  });

  it("answers 404 for another user's document on every route and verb", async () => {
    const owned = await uploadOne('owner', 'secret.csv', 'project,budget\nTower,1000000\n');
    await drain();
    const intruder = await auth('intruder');
    for (const id of [owned.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      for (const [method, url] of [
        ['GET', `/api/documents/${id}`],
        ['GET', `/api/document/${id}`],
        ['GET', `/api/documents/${id}/download`],
        ['GET', `/api/documents/${id}/content`],
        ['GET', `/api/documents/${id}/preview`],
        ['DELETE', `/api/documents/${id}`],
      ] as const) {
        const res = await app.inject({ method, url, headers: intruder });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain('Tower');
      }
    }
    expect((await app.inject({ url: '/api/documents', headers: intruder })).json()).toEqual([]);
    expect((await getDocument('owner', owned.id)).processedContent).toContain('Tower');
  });

  it('deletes the row, its blob chunks and its passages', async () => {
    const file = await uploadOne('jack', 'ledger.csv', 'account,total\nRetention payable,5000\n');
    await drain();
    const blobId = async () => {
      const result = (await database.handle.db.execute(sql`select blob_id from documents where id = ${file.id}`)) as unknown as {
        rows: Array<{ blob_id: string }>;
      };
      return result.rows[0]?.blob_id;
    };
    const blob = await blobId();
    expect(await count(sql`select count(*) as n from blob_chunks where blob_id = ${blob}`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from retrieval_chunks where document_key = ${file.id}`)).toBeGreaterThan(0);

    const res = await app.inject({ method: 'DELETE', url: `/api/documents/${file.id}`, headers: await auth('jack') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await blobId()).toBeUndefined();
    expect(await count(sql`select count(*) as n from blob_chunks where blob_id = ${blob}`)).toBe(0);
    expect(await count(sql`select count(*) as n from retrieval_chunks where document_key = ${file.id}`)).toBe(0);
    expect((await app.inject({ url: `/api/documents/${file.id}`, headers: await auth('jack') })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/documents/${file.id}`, headers: await auth('jack') })).statusCode).toBe(404);
  });

  it('downloads the exact bytes with a safe, encoded file name', async () => {
    const hostileName = `C:\\fakepath\\\u202Eгод ${'x'.repeat(300)} "отчёт".csv`;
    const bytes = 'item,amount\nСталь,42\n';
    const file = await uploadOne('kate', hostileName, bytes);
    expect(file.name).not.toContain('\u202E');
    expect(file.name).not.toContain('fakepath');
    expect(Array.from(file.name)).toHaveLength(255);
    expect(file.name.endsWith('.csv')).toBe(true);

    const res = await app.inject({ url: `/api/documents/${file.id}/download`, headers: await auth('kate') });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    expect(res.headers['content-type']).toBe('text/csv');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(bytes)));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+,;=:@-]+$/);
    expect(disposition).toContain(`filename="___ xxx`);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(file.name);
  });

  it('shows images in place but never a PDF or other document; previews the first page of a PDF', async () => {
    const pdf = await uploadOne('liam', 'plan.pdf', makeTextPdf([[[72, 760, 'Floor plan']]]));
    const png = await uploadOne('liam', 'photo.png', await renderTextImage(['site photo'], 'png', { width: 300, height: 100 }, 24));
    const headers = await auth('liam');

    const pdfContent = await app.inject({ url: `/api/documents/${pdf.id}/content`, headers });
    expect(pdfContent.statusCode).toBe(200);
    expect(pdfContent.headers['content-disposition']).toMatch(/^attachment;/);
    expect(pdfContent.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const image = await app.inject({ url: `/api/documents/${png.id}/content`, headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    const pdfPreview = await app.inject({ url: `/api/documents/${pdf.id}/preview`, headers });
    expect(pdfPreview.statusCode, pdfPreview.body).toBe(200);
    expect(pdfPreview.headers['content-type']).toBe('image/png');
    expect(pdfPreview.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pdfPreview.rawPayload.readUInt32BE(16)).toBe(800);

    const imagePreview = await app.inject({ url: `/api/documents/${png.id}/preview`, headers });
    expect(imagePreview.headers['content-type']).toBe('image/png');
    const csv = await uploadOne('liam', 'rows.csv', 'a;b\n1;2\n');
    const csvPreview = await app.inject({ url: `/api/documents/${csv.id}/preview`, headers });
    expect(csvPreview.statusCode).toBe(404);
    expect(csvPreview.json().error.code).toBe('preview_unavailable');
  });
});
