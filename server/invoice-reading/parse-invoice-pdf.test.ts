/**
 * A PDF read in process, from layout to invoice: the layout the extractors give (readPdfLayout)
 * must match the hand-built test layouts the rules are tested with, and the rules must read it.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '../adapters/extractors/image-ocr';
import { DEFAULT_LIMITS } from '../adapters/extractors/index';
import { readPdfLayout } from '../adapters/extractors/pdf-layout';
import { renderTextImage } from '../adapters/extractors/test-fixtures';
import { parseInvoicePdf } from './parse-invoice-pdf';
import { supplyInvoiceRows } from './test-layouts';

const LETTER = { width: 612, height: 792 };

/** A text PDF of the test supply invoice, rows placed from the top like the hand-built layouts. */
async function supplyInvoicePdf(attachment?: { name: string; xml: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([LETTER.width, LETTER.height]);
  for (const [y, cells] of supplyInvoiceRows()) {
    for (const [x, text] of cells) page.drawText(text, { x, y: LETTER.height - y - 8, size: 9, font });
  }
  if (attachment) await doc.attach(new TextEncoder().encode(attachment.xml), attachment.name, { mimeType: 'application/xml' });
  return doc.save();
}

afterAll(() => closeOcr());

describe('readPdfLayout', () => {
  it('gives text runs with boxes from the top-left corner, and the XML attachments', async () => {
    const layout = await readPdfLayout(await supplyInvoicePdf({ name: 'notes.xml', xml: '<note>hi</note>' }), DEFAULT_LIMITS);
    expect(layout.pages).toHaveLength(1);
    const [page] = layout.pages;
    expect(page).toMatchObject({ page: 1, width: 612, height: 792, ocr: false });
    const total = page.items.find((item) => item.text === 'Total Due')!;
    expect(total.x).toBeCloseTo(390, 0);
    expect(total.y).toBeGreaterThan(350);
    expect(total.y).toBeLessThan(362);
    expect(layout.attachments).toEqual([{ name: 'notes.xml', xml: '<note>hi</note>' }]);
  });

  it('parses a text PDF with the layout rules when its XML is no e-invoice', async () => {
    const [invoice] = await parseInvoicePdf(await supplyInvoicePdf({ name: 'notes.xml', xml: '<note>hi</note>' }));
    expect(invoice).toMatchObject({
      method: 'text',
      invoiceNumber: { value: 'INV-20417' },
      totalAmount: { value: 832.84 },
      vendor: { value: 'Summit Electrical Supply Inc.' },
      jobNumber: { value: '2417' },
    });
    expect(invoice.lineItems.map((item) => item.amount)).toEqual([358, 312.5, 77.5]);
  });

  it('OCRs a scanned page into word boxes and reads the invoice from them', { timeout: 60_000 }, async () => {
    const png = await renderTextImage(
      ['Granite Ready Mix Co.', '', 'Invoice No: 55123', 'Invoice Date: 11/03/2025', '', 'Total Due: 1,250.00'],
      'png',
      { width: 1275, height: 1650 },
      40,
    );
    const doc = await PDFDocument.create();
    const page = doc.addPage([LETTER.width, LETTER.height]);
    page.drawImage(await doc.embedPng(png), { x: 0, y: 0, ...LETTER });
    const bytes = await doc.save();

    const layout = await readPdfLayout(bytes, DEFAULT_LIMITS);
    expect(layout.pages[0].ocr).toBe(true);
    const word = layout.pages[0].items.find((item) => item.text === '55123')!;
    expect(word.y / LETTER.height).toBeGreaterThan(0.1);
    expect(word.y / LETTER.height).toBeLessThan(0.25);

    const [invoice] = await parseInvoicePdf(bytes);
    expect(invoice).toMatchObject({ method: 'ocr', invoiceNumber: { value: '55123' }, totalAmount: { value: 1250 } });
  });

  it('keeps a label and its amount across the page on one line when the scan is skewed', { timeout: 60_000 }, async () => {
    const canvas = createCanvas(1275, 1650);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1275, 1650);
    ctx.fillStyle = '#000';
    ctx.font = '36px "Liberation Sans", "DejaVu Sans", sans-serif';
    // Fed in 2.5 degrees askew: 'Total' and its amount 900 px apart sit about 40 px apart in height.
    ctx.rotate((2.5 * Math.PI) / 180);
    const rows: Array<[string, string]> = [
      ['Invoice No:', '55124'],
      ['Anchor bolts', '850.00'],
      ['Subtotal', '850.00'],
      ['Total', '920.00'],
    ];
    rows.forEach(([label, value], i) => {
      ctx.fillText(label, 100, 200 + i * 90);
      ctx.fillText(value, 1000, 200 + i * 90);
    });
    const doc = await PDFDocument.create();
    doc.addPage([LETTER.width, LETTER.height]).drawImage(await doc.embedPng(canvas.encodeSync('png')), { x: 0, y: 0, ...LETTER });
    const bytes = await doc.save();

    const { pages } = await readPdfLayout(bytes, DEFAULT_LIMITS);
    const label = pages[0].items.find((item) => item.text === 'Total')!;
    const amount = pages[0].items.find((item) => item.text === '920.00')!;
    expect(Math.abs(label.y - amount.y)).toBeLessThan(label.height / 2);
    const [invoice] = await parseInvoicePdf(bytes);
    expect(invoice.totalAmount?.value).toBe(920);
  });
});
