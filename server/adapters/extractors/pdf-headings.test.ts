import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './pdf-extractor';
import { fontsToWeigh, writePdfPages, type PdfLine, type PdfPageContent } from './pdf-headings';

const BODY = 'Enter the vendor bill with the amount due and the due date from the invoice so that';

/** A line as the extractor reads it: `font` 'bold' is in a bold face, any other font is regular. */
function line(text: string, size = 11, options: Partial<PdfLine> & { font?: string } = {}): PdfLine {
  const { font = 'regular', ...rest } = options;
  const right = 72 + Math.min(450, text.length * size * 0.5);
  return { text, size, fonts: new Map([[font, text.length]]), monospace: false, spread: false, breakBefore: false, left: 72, right, ...rest };
}

const body = (n = 3) => Array.from({ length: n }, () => line(BODY, 11, { right: 520 }));
const write = (pages: PdfPageContent[]) => writePdfPages(pages, new Set(['bold']));

describe('PDF headings', () => {
  it('writes a larger first line as the title and sections one level below, by size', () => {
    const [page] = write([[line('Fixed Assets', 20), ...body(), line('Disposing of an asset', 15), ...body(), line('Selling it', 13), ...body(2)]]);
    expect(page.split('\n').filter((l) => l.startsWith('#'))).toEqual(['# Fixed Assets', '## Disposing of an asset', '### Selling it']);
    expect(page).toContain(`## Disposing of an asset\n\n${BODY}`);
  });

  it('finds bold headings in the body size, below the larger ones', () => {
    const [page] = write([[line('Vendor bills', 18), ...body(), line('Approving a bill', 11, { font: 'bold' }), ...body()]]);
    expect(page).toContain('# Vendor bills');
    expect(page).toContain('## Approving a bill');
  });

  it('starts at ## when the first heading is not larger than all the others', () => {
    const [page] = write([[...body(2), line('Overview', 15), ...body(), line('Setup', 15), ...body()]]);
    expect(page).toContain('## Overview');
    expect(page).toContain('## Setup');
    expect(page).not.toMatch(/^# /m);
  });

  it('takes the body size from the running text, not from small-print tables and code', () => {
    const table = Array.from({ length: 40 }, (_, i) => line(`Row ${i} cost code 01-100 labour 1,200.00 materials 300.00`, 8, { spread: true }));
    const code = Array.from({ length: 20 }, () => line('Dr. Work in Process - Labor XXX', 9, { monospace: true }));
    const [page] = write([[line('Job costing', 18), ...body(), line('Rates', 13), ...table, ...code, ...body()]]);
    expect(page.split('\n').filter((l) => l.startsWith('#'))).toEqual(['# Job costing', '## Rates']);
  });

  it('does not take sentences, list items, table rows, bold paragraphs or running headers for headings', () => {
    const pages = [1, 2, 3].map((n) => [
      line('ACME Accounting Manual', 11, { font: 'bold' }),
      line(`Topic ${n}`, 16),
      line('This is a large sentence.', 16, { breakBefore: true }),
      line('• Bold bullet item', 11, { font: 'bold' }),
      line('Code Description Amount', 11, { font: 'bold', spread: true }),
      line('Emphasised paragraph that runs across the whole width of the column and', 11, { font: 'bold', right: 520 }),
      line('Ends here', 11, { font: 'bold' }),
      ...body(),
    ]);
    const texts = write(pages);
    expect(texts.flatMap((t) => t.split('\n').filter((l) => l.startsWith('#')))).toEqual(['## Topic 1', '## Topic 2', '## Topic 3']);
    expect(texts[0]).toContain('ACME Accounting Manual');
    expect(texts[0]).toContain('Emphasised paragraph that runs across the whole width of the column and\nEnds here');
  });

  it('joins a large heading that wraps onto a second line', () => {
    const [page] = write([[line('GnuCash Accounts Receivable: Customers,', 20), line('Invoices and Payments', 20), ...body()]]);
    expect(page.split('\n')[0]).toBe('# GnuCash Accounts Receivable: Customers, Invoices and Payments');
  });

  it('keeps pages without headings, OCR text and paragraph breaks as they were read', () => {
    const plain = [line('Invoice INV-1 Total 99.50'), line('Second line'), line('After a gap', 11, { breakBefore: true })];
    expect(write([plain, 'OCR text\nof a scan'])).toEqual(['Invoice INV-1 Total 99.50\nSecond line\n\nAfter a gap', 'OCR text\nof a scan']);
    expect(write([[line('# of units shipped'), ...body()]])[0]).toMatch(/^\\# of units shipped\n/);
  });

  it('asks for the weight of the fonts of short body-size lines only, never the body font', () => {
    const pages = [
      [line('Title', 20, { font: 'title' }), ...body(), line('Approving a bill', 11, { font: 'bold' }), line('A sentence.', 11, { font: 'italic' })],
    ];
    expect([...fontsToWeigh(pages)]).toEqual(['bold']);
  });
});

describe('PDF headings from a real PDF', () => {
  it('reads size and weight through pdf.js and keeps the pages', async () => {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const sentence = 'Close the period before you record the disposal of the asset in the ledger.';
    const first = doc.addPage([595, 842]);
    first.drawText('Fixed Assets', { x: 72, y: 760, size: 20, font: bold });
    first.drawText('Disposing of an asset', { x: 72, y: 720, size: 14, font: bold });
    [0, 1, 2].forEach((i) => first.drawText(sentence, { x: 72, y: 700 - i * 14, size: 11, font: regular }));
    first.drawText('Approvals', { x: 72, y: 640, size: 11, font: bold });
    first.drawText(sentence, { x: 72, y: 626, size: 11, font: regular });
    const second = doc.addPage([595, 842]);
    second.drawText('Selling an asset', { x: 72, y: 760, size: 14, font: bold });
    second.drawText(sentence, { x: 72, y: 740, size: 11, font: regular });

    const result = await extractPdf(await doc.save(), { maxPages: 10, maxOcrPages: 0, maxPixels: 40_000_000 });
    expect(result.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(result.pages[0].text).toBe(
      ['# Fixed Assets', '', '## Disposing of an asset', '', sentence, sentence, sentence, '', '### Approvals', '', sentence].join('\n'),
    );
    expect(result.pages[1].text).toBe(`## Selling an asset\n\n${sentence}`);
  });
});
