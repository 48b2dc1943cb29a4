/**
 * The positioned text of a PDF for the invoice rules: every text run with its box in points from
 * the page's top-left corner, OCR word boxes for pages without a text layer, and the embedded
 * e-invoice XML files. The rules themselves live in server/invoice-reading.
 */
import { Util, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { OcrQueue, recogniseWords } from './image-ocr';
import type { InvoiceLayout, LayoutItem, LayoutPage } from './invoice-layout';
import { MIN_TEXT_CHARS, drawScan, openPdf } from './pdf-extractor';
import { ExtractionError, corruptMessage, type ExtractionLimits } from './types';

export type LayoutLimits = Pick<ExtractionLimits, 'maxPages' | 'maxOcrPages' | 'maxPixels'>;

/** A glyph's top sits about this far above its baseline, as a share of the font size. */
const ASCENT = 0.8;
/** OCR words below this confidence (0-100) are noise more often than text. */
const MIN_WORD_CONFIDENCE = 30;

export async function readPdfLayout(bytes: Uint8Array, limits: LayoutLimits): Promise<InvoiceLayout> {
  const doc = await openPdf(bytes);
  try {
    const pages: LayoutPage[] = [];
    let ocrBudget = limits.maxOcrPages;
    const readable = Math.min(doc.numPages, limits.maxPages);
    // As in extractPdf: the scans of a document are read side by side, a page per OCR worker.
    const scans = new OcrQueue();
    for (let number = 1; number <= readable; number++) {
      const page = await doc.getPage(number).catch(() => {
        throw new ExtractionError('corrupt', corruptMessage('pdf'));
      });
      const viewport = page.getViewport({ scale: 1 });
      const layout: LayoutPage = { page: number, width: viewport.width, height: viewport.height, items: await textItems(page), ocr: false };
      pages.push(layout);
      if (visibleChars(layout.items) < MIN_TEXT_CHARS && ocrBudget > 0) {
        ocrBudget--;
        const scan = await drawScan(page, limits.maxPixels);
        await scans.add(async () => {
          const words = await ocrItems(scan, viewport.width);
          if (visibleChars(words) > visibleChars(layout.items)) Object.assign(layout, { items: words, ocr: true });
        });
      }
      page.cleanup();
    }
    await scans.drain();
    return { pages, attachments: await xmlAttachments(doc) };
  } finally {
    await doc.destroy();
  }
}

async function textItems(page: PDFPageProxy): Promise<LayoutItem[]> {
  const content = await page.getTextContent().catch(() => {
    throw new ExtractionError('corrupt', corruptMessage('pdf'));
  });
  const viewport = page.getViewport({ scale: 1 });
  const items: LayoutItem[] = [];
  for (const raw of content.items) {
    if (!('str' in raw) || !raw.str.trim()) continue;
    const item = raw as TextItem;
    // Into viewport space: top-left origin, rotation and crop box applied.
    const [a, b, c, d, e, f] = Util.transform(viewport.transform, item.transform);
    // Vertical text (margin notices, rotated stamps) does not read across the page.
    if (Math.abs(b) > Math.abs(a)) continue;
    const size = Math.hypot(c, d) || item.height || 10;
    const width = item.width * (Math.hypot(a, b) / (Math.hypot(item.transform[0], item.transform[1]) || 1));
    items.push({ text: item.str, x: e, y: f - ASCENT * size, width, height: size });
  }
  return items;
}

async function ocrItems(scan: { image: Buffer; width: number }, pageWidth: number): Promise<LayoutItem[]> {
  const scale = pageWidth / scan.width;
  const { words } = await recogniseWords(scan.image);
  return words
    .filter((word) => word.confidence >= MIN_WORD_CONFIDENCE)
    .map((word) => ({
      text: word.text,
      x: word.x0 * scale,
      y: word.y0 * scale,
      width: (word.x1 - word.x0) * scale,
      height: (word.y1 - word.y0) * scale,
    }));
}

async function xmlAttachments(doc: PDFDocumentProxy): Promise<InvoiceLayout['attachments']> {
  const files = (await doc.getAttachments().catch(() => null)) as Record<string, { filename?: string; content?: Uint8Array }> | null;
  const decoder = new TextDecoder('utf-8');
  const out: InvoiceLayout['attachments'] = [];
  for (const [key, file] of Object.entries(files ?? {})) {
    const name = file.filename || key;
    if (!/\.xml$/i.test(name) || !file.content) continue;
    out.push({ name, xml: decoder.decode(file.content).replace(/^\uFEFF/, '') });
  }
  return out;
}

function visibleChars(items: LayoutItem[]): number {
  return items.reduce((sum, item) => sum + item.text.replace(/\s+/g, '').length, 0);
}
