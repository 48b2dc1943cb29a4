import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@contract/documents';
import type { UploadInvoicesResponse } from '@contract/invoices';
import { makeScannedPdfPages, makeTextPdf, renderTextImage } from '../../adapters/extractors/test-fixtures';
import { startDocumentsTestApp, uploadForm, type DocumentsTestApp } from '../../test/documents-app';

const PAGE_SIZE = { width: 1240, height: 1754 };

/**
 * Month end: someone's long scanned PDF is being read by the document queue while a clerk sends
 * an invoice. The clerk waits on the answer, so invoices are read in a lane of their own and do
 * not queue behind the scan. (The database plays no part in this; PGlite only.)
 */
describe('an invoice upload while the document queue reads a long scan (pglite)', () => {
  let kai: DocumentsTestApp;
  beforeAll(async () => {
    kai = await startDocumentsTestApp('pglite');
  });
  afterAll(() => kai?.close());

  it('answers the invoice before the scan is read', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((n) => renderTextImage([`Scanned site diary page ${n}`, 'Weather dry, crew of six on site'], 'jpeg', PAGE_SIZE, 40)),
    );
    const scan = await kai.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: await kai.auth('site-lead'),
      payload: uploadForm([{ name: 'site-diary.pdf', bytes: makeScannedPdfPages(pages, PAGE_SIZE) }]),
    });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json<UploadResponse>().files[0].status).toBe('queued');

    let scanRead = false;
    const reading = kai.documentQueue.runOnce().then(() => (scanRead = true));

    const invoice = makeTextPdf([
      [
        [72, 760, 'Summit Ready Mix LLC'],
        [400, 760, 'Invoice Number: SRM-30112'],
        [400, 744, 'Invoice Date: 03/14/2026'],
        [72, 700, 'Ready-mix concrete 4000 PSI'],
        [480, 700, '1,450.00'],
        [360, 660, 'Total Due'],
        [480, 660, '1,450.00'],
      ],
    ]);
    const response = await kai.app.inject({
      method: 'POST',
      url: '/api/upload-invoices',
      headers: await kai.auth('ap-clerk'),
      payload: uploadForm([{ name: 'summit-30112.pdf', bytes: invoice }]),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [result] = response.json<UploadInvoicesResponse>().results;
    expect(result.parsed_invoices[0]).toMatchObject({ invoice_number: 'SRM-30112', total_amount: 1450 });
    expect(scanRead).toBe(false);

    await reading;
    expect(scanRead).toBe(true);
  }, 90_000);
});
