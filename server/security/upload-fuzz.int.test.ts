import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '@contract/documents';
import { makeTextPdf } from '../adapters/extractors/test-fixtures';
import { databaseKinds } from '../test/databases';
import { startDocumentsTestApp, uploadForm, type DocumentsTestApp } from '../test/documents-app';

/**
 * Issue 12: random bytes and hostile text, through every upload path, extraction and storage,
 * never give a 5xx. Each file starts (or not) with the magic bytes of a type KAI reads, so the
 * bytes get past type detection and into the parsers; text carries NUL, unpaired surrogates,
 * bidi overrides and delimiters; PDFs carry that text in their text layer.
 */

const MAGIC = [
  '',
  '%PDF-1.7\n',
  'PK\u0003\u0004',
  '\u0089PNG\r\n\u001a\n',
  '\u00ff\u00d8\u00ff\u00e0',
  '\u00d0\u00cf\u0011\u00e0\u00a1\u00b1\u001a\u00e1',
];
const EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'png', 'jpg', 'webp', 'txt', ''];

const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\u0007', '\u001b', '\u202e', '\ufeff', '\ud800', '\udc00', '"', ',', ';', '\t', '\n', '\\', '(', ')', '€'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 200,
});

const fileBytes = fc.oneof(
  fc.tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 4096 })).map(([magic, rest]) => Buffer.concat([Buffer.from(magic, 'latin1'), rest])),
  fc.tuple(fc.constantFrom(...MAGIC), hostileText).map(([magic, text]) => Buffer.concat([Buffer.from(magic, 'latin1'), Buffer.from(text, 'utf8')])),
  fc
    .array(hostileText, { minLength: 1, maxLength: 4 })
    .map((lines) => makeTextPdf([lines.map((line, i): [number, number, string] => [72, 760 - i * 20, line])])),
  // Enough of an invoice to be read and stored as one, with hostile text in its fields.
  fc.tuple(hostileText, hostileText, fc.integer({ min: 1, max: 99_999 })).map(([vendor, item, cents]) =>
    makeTextPdf([
      [
        [72, 780, `${vendor} Supply`],
        [72, 760, `Invoice Number: A${cents}${vendor.slice(0, 5)}`],
        [72, 740, 'Invoice Date: 03/14/2026'],
        [72, 700, 'Description'],
        [400, 700, 'Amount'],
        [72, 680, `${item} rebar`],
        [400, 680, (cents / 100).toFixed(2)],
        [72, 640, 'Total Due'],
        [400, 640, (cents / 100).toFixed(2)],
      ],
    ]),
  ),
);

const uploadedFile = fc.record({
  name: fc.tuple(hostileText, fc.constantFrom(...EXTENSIONS)).map(([stem, ext]) => `${stem.slice(0, 40) || 'file'}${ext ? `.${ext}` : ''}`),
  bytes: fileBytes,
});

describe.each(databaseKinds)('uploads under random and hostile input (%s)', (kind) => {
  let kai: DocumentsTestApp;

  beforeAll(async () => {
    kai = await startDocumentsTestApp(kind, {
      KAI_UPLOAD_MAX_FILE_BYTES: String(64 * 1024),
      KAI_UPLOAD_QUOTA_FILES: '10000',
      KAI_UPLOAD_RATE_LIMIT: '10000',
    });
  });
  afterAll(() => kai?.close());

  it('answers every upload with a 2xx or a 4xx with a message, and reads what it stored without a crash', async () => {
    const { app, drain } = kai;
    const headers = await kai.auth('fuzzer');
    await fc.assert(
      fc.asyncProperty(
        fc.array(uploadedFile, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('analyze', 'invoice', 'vendor', 'report'),
        fc.constantFrom('/api/upload', '/api/upload-invoices', '/api/upload-invoice', '/api/upload-vendor-list'),
        async (files, purpose, url) => {
          const field = url === '/api/upload-invoice' || url === '/api/upload-vendor-list' ? 'file' : 'files';
          const sent = field === 'file' ? files.slice(0, 1) : files;
          const form = uploadForm(sent, url === '/api/upload' ? { purpose } : {});
          if (field === 'file') renameField(form, 'files', 'file');
          const res = await app.inject({ method: 'POST', url, headers, payload: form });
          expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json().error.message).toEqual(expect.any(String));
        },
      ),
      { numRuns: 40 },
    );

    await drain();
    const listed = await app.inject({ url: '/api/documents', headers });
    expect(listed.statusCode).toBe(200);
    for (const document of listed.json() as DocumentDto[]) {
      expect(['ready', 'failed'], document.filename).toContain(document.status);
      if (document.status === 'failed') expect(document.failureReason).toEqual(expect.any(String));
    }
    expect((await app.inject({ url: '/api/invoices', headers })).statusCode).toBe(200);
  }, 240_000);
});

/** The single-file routes read the field "file". */
function renameField(form: FormData, from: string, to: string): void {
  for (const value of form.getAll(from)) form.append(to, value);
  form.delete(from);
}
