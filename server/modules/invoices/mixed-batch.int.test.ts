import {
  PDFDocument,
  PDFHexString,
  StandardFonts,
  beginText,
  endText,
  moveText,
  setFontAndSize,
  showText,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadInvoicesResponse } from '@contract/invoices';
import { readPdfLayout } from '../../adapters/extractors/pdf-layout';
import { databaseKinds } from '../../test/databases';
import { startDocumentsTestApp, uploadForm, type DocumentsTestApp } from '../../test/documents-app';

/**
 * Issue 12: one request of the full-page flow with a good invoice, meeting notes, a truncated
 * PDF, the good invoice again under another name and an invoice whose text layer holds NUL
 * characters answers 200 with one result per file, in request order.
 */

type Line = [x: number, y: number, text: string];

const GOOD_INVOICE: Line[] = [
  [72, 780, 'Summit Ready Mix LLC'],
  [72, 764, '1200 Quarry Road, Denver, CO 80216'],
  [400, 780, 'INVOICE'],
  [400, 760, 'Invoice Number: SRM-20417'],
  [400, 744, 'Invoice Date: 03/14/2026'],
  [72, 720, 'Bill To: Apex Builders Inc.'],
  [72, 680, 'Description'],
  [300, 680, 'Qty'],
  [360, 680, 'Unit Price'],
  [480, 680, 'Amount'],
  [72, 660, 'Ready-mix concrete 4000 PSI'],
  [300, 660, '10'],
  [360, 660, '145.00'],
  [480, 660, '1,450.00'],
  [72, 640, 'Pump truck service'],
  [300, 640, '1'],
  [360, 640, '350.00'],
  [480, 640, '350.00'],
  [360, 600, 'Total Due'],
  [480, 600, '1,800.00'],
];

const MEETING_NOTES: Line[] = [
  [72, 780, 'Weekly site coordination meeting'],
  [72, 760, 'Attendees: site lead, framing crew, electrical sub'],
  [72, 740, 'Discussed the concrete pour schedule for level two.'],
  [72, 720, 'Next meeting on Thursday at the site trailer.'],
];

/** An invoice whose vendor and item descriptions carry U+0000, written as raw bytes so the text layer keeps them. */
const NUL_INVOICE: Line[] = [
  [72, 780, 'Nul\u0000Byte Electric Co.'],
  [400, 760, 'Invoice Number: NB-7731'],
  [400, 744, 'Invoice Date: 03/16/2026'],
  [72, 680, 'Description'],
  [480, 680, 'Amount'],
  [72, 660, 'Conduit\u0000 and fittings'],
  [480, 660, '612.40'],
  [360, 620, 'Total Due'],
  [480, 620, '612.40'],
];

/** Helvetica (WinAnsi) bytes of `text` as a hex string: every character here is below U+0080. */
function hexOf(text: string): PDFHexString {
  return PDFHexString.of(Buffer.from(text, 'latin1').toString('hex'));
}

function drawRawText(page: PDFPage, font: PDFFont, [x, y, text]: Line): void {
  const key = page.node.newFontDictionary(font.name, font.ref);
  page.pushOperators(beginText(), setFontAndSize(key, 11), moveText(x, y), showText(hexOf(text)), endText());
}

async function makePdf(lines: Line[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreationDate(new Date('2026-03-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-03-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  for (const line of lines) {
    if (line[2].includes('\u0000')) drawRawText(page, font, line);
    else page.drawText(line[2], { x: line[0], y: line[1], size: 11, font });
  }
  return doc.save();
}

it('the NUL invoice carries U+0000 in the text layer the extractor reads (before cleaning)', async () => {
  const layout = await readPdfLayout(await makePdf(NUL_INVOICE, 'Invoice NB-7731'), { maxPages: 1, maxOcrPages: 0, maxPixels: 1_000_000 });
  const texts = layout.pages[0].items.map((item) => item.text);
  expect(texts).toContain('Nul\u0000Byte Electric Co.');
  expect(texts).toContain('Conduit\u0000 and fittings');
});

describe.each(databaseKinds)('a mixed batch through /api/upload-invoices (%s)', (kind) => {
  let kai: DocumentsTestApp;
  let good: Uint8Array;
  let notes: Uint8Array;
  let withNul: Uint8Array;

  beforeAll(async () => {
    kai = await startDocumentsTestApp(kind);
    [good, notes, withNul] = await Promise.all([
      makePdf(GOOD_INVOICE, 'Invoice SRM-20417'),
      makePdf(MEETING_NOTES, 'Site meeting'),
      makePdf(NUL_INVOICE, 'Invoice NB-7731'),
    ]);
  });
  afterAll(() => kai?.close());

  it('answers every file on its own, in request order', async () => {
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    const response = await kai.app.inject({
      method: 'POST',
      url: '/api/upload-invoices',
      headers: await kai.auth('batch-clerk'),
      payload: uploadForm([
        { name: 'summit-20417.pdf', bytes: good },
        { name: 'meeting-notes.pdf', bytes: notes },
        { name: 'truncated.pdf', bytes: truncated },
        { name: 'summit-20417 (copy).pdf', bytes: good },
        { name: 'nul-electric.pdf', bytes: withNul },
      ]),
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<UploadInvoicesResponse>().results;
    expect(results.map((result) => [result.filename, result.success])).toEqual([
      ['summit-20417.pdf', true],
      ['meeting-notes.pdf', false],
      ['truncated.pdf', false],
      ['summit-20417 (copy).pdf', true],
      ['nul-electric.pdf', true],
    ]);
    const [first, meeting, broken, copy, nul] = results;

    expect(first.error).toBeNull();
    expect(first.parsed_invoices).toHaveLength(1);
    expect(first.parsed_invoices[0]).toMatchObject({
      source_filename: 'summit-20417.pdf',
      invoice_number: 'SRM-20417',
      invoice_date: '2026-03-14',
      total_amount: 1800,
      vendor_name: 'Summit Ready Mix LLC',
    });
    expect(first.parsed_invoices[0].line_items.map((item) => item.amount)).toEqual([1450, 350]);

    expect(meeting.parsed_invoices).toEqual([]);
    expect(meeting.error).toMatch(/^meeting-notes\.pdf: .*does not look like an invoice/);

    expect(broken.parsed_invoices).toEqual([]);
    expect(broken.error).toBe('The PDF could not be read: it looks damaged or incomplete.');

    // The same bytes are the same document and invoice, under the name given this time.
    expect(copy.parsed_invoices).toHaveLength(1);
    expect(copy.parsed_invoices[0]).toMatchObject({ invoice_id: first.parsed_invoices[0].invoice_id, source_filename: 'summit-20417 (copy).pdf' });

    expect(nul.parsed_invoices).toHaveLength(1);
    const stored = nul.parsed_invoices[0];
    expect(stored).toMatchObject({ invoice_number: 'NB-7731', total_amount: 612.4, vendor_name: 'NulByte Electric Co.' });
    expect(JSON.stringify(stored)).not.toContain('\\u0000');
    // Stored and read back: the invoice lists and opens.
    const listed = await kai.app.inject({ url: `/api/invoices/${stored.invoice_id}`, headers: await kai.auth('batch-clerk') });
    expect(listed.statusCode, listed.body).toBe(200);
  });
});
