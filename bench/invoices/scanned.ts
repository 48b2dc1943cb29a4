/**
 * Real invoices as scans, read as an upload is: the first page of each invoice of a shared corpus
 * drawn and spoiled like a scan (../extraction/real-pages.ts), wrapped in a one-page scanned PDF,
 * parsed through OCR. The invoice number and total are scored where that page's text layer shows
 * them, beside the same fields read from the original PDF: what a scan costs the reader.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { ExtractorPool } from '../../server/adapters/extractors/extract';
import { makeScannedPdf } from '../../server/adapters/extractors/test-fixtures';
import { parseInvoicePdf } from '../../server/invoice-reading/parse-invoice-pdf';
import { makeRealPages } from '../extraction/real-pages';
import { extractedValues, fieldMatches, type Truth } from './matching';

const SEED = 2711;

type Tally = Record<'invoice_number' | 'total_amount', { scored: number; text: number; scan: number }>;

export async function scoreScannedFirstPages(corpus: string, count = Infinity) {
  const pool = new ExtractorPool({ size: 1 });
  const pages = await makeRealPages(pool, corpus, SEED, count).finally(() => pool.close());
  const tally: Tally = { invoice_number: { scored: 0, text: 0, scan: 0 }, total_amount: { scored: 0, text: 0, scan: 0 } };
  let seconds = 0;
  for (const page of pages) {
    const id = page.name.replace(/(\.noxml)?\.pdf$/, '');
    const truth = JSON.parse(readFileSync(path.join(corpus, `${id}.json`), 'utf8')) as Truth | Truth[];
    // A PDF holding several invoices: its first page shows the first.
    const first = Array.isArray(truth) ? truth[0] : truth;
    const image = await loadImage(page.jpeg);
    const started = performance.now();
    const [scanned] = await parseInvoicePdf(new Uint8Array(makeScannedPdf(page.jpeg, { width: image.width, height: image.height })));
    seconds += (performance.now() - started) / 1000;
    const [original] = await parseInvoicePdf(new Uint8Array(readFileSync(path.join(corpus, page.name))));
    for (const field of page.fields) {
      const counts = tally[field.name];
      counts.scored++;
      if (original && fieldMatches(field.name, first[field.name] ?? null, extractedValues(original)[field.name])) counts.text++;
      if (scanned && fieldMatches(field.name, first[field.name] ?? null, extractedValues(scanned)[field.name])) counts.scan++;
    }
  }
  const share = (key: 'text' | 'scan') =>
    Number(((tally.invoice_number[key] + tally.total_amount[key]) / Math.max(1, tally.invoice_number.scored + tally.total_amount.scored)).toFixed(4));
  return {
    figure: 'invoices.scanned_first_pages',
    corpus: path.basename(corpus),
    pages: pages.length,
    fields: tally,
    accuracy_scan: share('scan'),
    accuracy_text: share('text'),
    seconds_per_page: Number((seconds / Math.max(1, pages.length)).toFixed(2)),
  };
}
