/**
 * PDF text with pdf.js: lines rebuilt from positioned text items, page by page. Pages with next to
 * no text layer are taken for scans: rendered at 150 dpi with @napi-rs/canvas (page-canvas.ts)
 * and OCRed.
 * pdf.js runs with its "fake worker" in this thread, which is already the sandbox worker; fonts,
 * CMaps and wasm decoders come from node_modules so nothing is fetched.
 */
import type { Canvas } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { OcrQueue, recognise } from './image-ocr';
import { createPageCanvas, releaseCanvas, takeScan } from './page-canvas';
import { fontsToWeigh, writePdfPages, type PdfLine, type PdfPageContent } from './pdf-headings';
import { ExtractionError, corruptMessage, type ExtractedPage, type Extraction, type ExtractionLimits } from './types';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
const asset = (dir: string) => `${path.join(PDFJS_DIR, dir)}/`;

/** A page with fewer visible characters than this is treated as a scan. */
export const MIN_TEXT_CHARS = 20;
const OCR_DPI = 150;
/**
 * Scans are drawn at 150 dpi up to the pixels of a 17 x 22 in sheet (ANSI C, 8.4 MP), the largest
 * an invoice, a form or a letter comes on; a larger page (a drawing, or a MediaBox far beyond any
 * paper) is drawn with that many pixels, at a lower dpi. tesseract's memory grows with the pixels
 * it reads (about 19 bytes each, kept while its thread lives): a 3 KB PDF with a 200 in square
 * page, drawn at the general 40 MP limit, made the process 1.5 GB larger.
 */
const MAX_SCAN_PIXELS = Math.round(17 * 22 * OCR_DPI * OCR_DPI);

export async function extractPdf(bytes: Uint8Array, limits: Pick<ExtractionLimits, 'maxPages' | 'maxOcrPages' | 'maxPixels'>): Promise<Extraction> {
  const doc = await openPdf(bytes);
  try {
    const warnings: string[] = [];
    const pageCount = doc.numPages;
    const readable = Math.min(pageCount, limits.maxPages);
    if (readable < pageCount) warnings.push(`Only the first ${readable} of ${pageCount} pages were read.`);
    const contents: PdfPageContent[] = [];
    const confidences: number[] = [];
    let textPages = 0;
    let ocrBudget = limits.maxOcrPages;
    // The scans of a document are read side by side, a page per OCR worker, while the next is drawn.
    const scans = new OcrQueue();
    for (let number = 1; number <= readable; number++) {
      const page = await doc.getPage(number).catch(() => {
        throw new ExtractionError('corrupt', corruptMessage('pdf'));
      });
      const content: PdfPageContent = await pageLines(page);
      const chars = visibleChars(content.map((line) => line.text).join(''));
      const index = contents.push(content) - 1;
      if (chars >= MIN_TEXT_CHARS) {
        textPages++;
      } else if (ocrBudget > 0) {
        ocrBudget--;
        const scan = await drawScan(page, limits.maxPixels);
        await scans.add(async () => {
          const ocr = await recognise(scan.image);
          if (visibleChars(ocr.text) > chars) {
            contents[index] = ocr.text;
            confidences.push(ocr.confidence);
          }
        });
      } else if (ocrBudget === 0) {
        ocrBudget--;
        warnings.push(`Only ${limits.maxOcrPages} scanned pages were OCRed; later scanned pages were skipped.`);
      }
      page.cleanup();
    }
    await scans.drain();
    const bold = await boldFonts(doc, contents, fontsToWeigh(contents));
    const pages: ExtractedPage[] = writePdfPages(contents, bold).map((text, i) => ({ page: i + 1, text }));
    const info = await doc
      .getMetadata()
      .then((meta) => (meta.info ?? {}) as { Title?: unknown; Author?: unknown })
      .catch(() => ({}) as { Title?: unknown; Author?: unknown });
    const method = confidences.length === 0 ? 'text' : textPages === 0 ? 'ocr' : 'mixed';
    return {
      text: pages.map((page) => page.text).join('\n\n'),
      pages,
      metadata: {
        method,
        pages: pageCount,
        ...(confidences.length ? { ocrConfidence: Math.round(mean(confidences)) } : {}),
        ...(typeof info.Title === 'string' && info.Title.trim() ? { title: info.Title.trim() } : {}),
        ...(typeof info.Author === 'string' && info.Author.trim() ? { author: info.Author.trim() } : {}),
        ...(warnings.length ? { warnings } : {}),
      },
    };
  } finally {
    await doc.destroy();
  }
}

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    return await getDocument({
      // pdf.js transfers (detaches) the buffer it is given; keep the caller's intact.
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: asset('standard_fonts'),
      cMapUrl: asset('cmaps'),
      cMapPacked: true,
      wasmUrl: asset('wasm'),
      iccUrl: asset('iccs'),
      verbosity: 0,
    }).promise;
  } catch (error) {
    if ((error as { name?: string })?.name === 'PasswordException') {
      throw new ExtractionError('unsupported', 'The PDF is password-protected: remove the password and upload it again.');
    }
    throw new ExtractionError('corrupt', corruptMessage('pdf'));
  }
}

interface Positioned {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  fontName: string;
  monospace: boolean;
}

async function pageLines(page: PDFPageProxy): Promise<PdfLine[]> {
  const content = await page.getTextContent().catch(() => {
    throw new ExtractionError('corrupt', corruptMessage('pdf'));
  });
  const items: Positioned[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str === '') continue;
    const { transform, width, height, fontName } = item as TextItem;
    const size = Math.abs(transform[3]) || Math.abs(transform[0]) || height || 10;
    const monospace = content.styles[fontName]?.fontFamily === 'monospace';
    items.push({ str: item.str, x: transform[4], y: transform[5], width, size, fontName, monospace });
  }
  return rebuildLines(items);
}

/**
 * Which of `fontNames` are bold, by name or flags. pdf.js hands a font over only with a page's
 * drawing operators (which decodes its images too), so those are read only for the first page
 * that uses each font whose weight decides a heading.
 */
async function boldFonts(doc: PDFDocumentProxy, contents: PdfPageContent[], fontNames: Set<string>): Promise<Set<string>> {
  const bold = new Set<string>();
  const unknown = new Set(fontNames);
  for (const [index, content] of contents.entries()) {
    if (unknown.size === 0) break;
    if (typeof content === 'string' || !content.some((line) => [...line.fonts.keys()].some((name) => unknown.has(name)))) continue;
    const page = await doc.getPage(index + 1).catch(() => undefined);
    if (!page) continue;
    // Without the weights, headings are still found by size.
    await page.getOperatorList().catch(() => undefined);
    for (const name of [...unknown]) {
      if (!page.commonObjs.has(name)) continue;
      const font = page.commonObjs.get(name) as { name?: string; bold?: boolean; black?: boolean } | null;
      if (font && (font.bold || font.black || BOLD_FONT.test(font.name ?? ''))) bold.add(name);
      unknown.delete(name);
    }
    page.cleanup();
  }
  return bold;
}

/** Font names of bold faces: Arial-BoldMT, Helvetica-Black, Inter-SemiBold, LaTeX's CMBX12. */
const BOLD_FONT = /bold|black|heavy|demi|cmbx/i;
/** Runs further apart than this many font sizes are separate cells or columns. */
const CELL_GAP = 2;

/**
 * Reading order for horizontal text: group items whose baselines are within half a font size,
 * top to bottom, then left to right; a gap wider than a fraction of the font size is a space and
 * a vertical jump of about two lines is a paragraph break.
 */
function rebuildLines(items: Positioned[]): PdfLine[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Array<{ y: number; size: number; items: Positioned[] }> = [];
  for (const item of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(line.y - item.y) <= Math.max(1, 0.5 * Math.min(line.size, item.size))) line.items.push(item);
    else lines.push({ y: item.y, size: item.size, items: [item] });
  }
  const out: PdfLine[] = [];
  let previous: { y: number; size: number } | undefined;
  for (const line of lines) {
    const breakBefore = previous !== undefined && previous.y - line.y > 2.2 * Math.max(previous.size, line.size);
    previous = line;
    line.items.sort((a, b) => a.x - b.x);
    let text = '';
    let end = -Infinity;
    // pdf.js fills the gap between cells with a space item: where the last ink ended tells cells apart.
    let inkEnd = -Infinity;
    let spread = false;
    for (const item of line.items) {
      const gap = item.x - end;
      if (text && gap > 0.2 * item.size && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
      if (item.str.trim()) {
        if (item.x - inkEnd > CELL_GAP * item.size) spread ||= inkEnd > -Infinity;
        inkEnd = Math.max(inkEnd, item.x + item.width);
      }
      text += item.str;
      end = Math.max(end, item.x + item.width);
    }
    const left = line.items.find((item) => item.str.trim())?.x ?? 0;
    out.push({ text: text.replace(/\s+$/, ''), ...lineStyle(line.items), spread, breakBefore, left, right: Math.max(left, inkEnd) });
  }
  return out;
}

/** The size most of a line's characters have, their fonts, and whether they are mostly fixed-pitch. */
function lineStyle(items: Positioned[]): Pick<PdfLine, 'size' | 'fonts' | 'monospace'> {
  const bySize = new Map<number, number>();
  const fonts = new Map<string, number>();
  let monospaceChars = 0;
  let chars = 0;
  for (const item of items) {
    const n = item.str.replace(/\s+/g, '').length;
    bySize.set(item.size, (bySize.get(item.size) ?? 0) + n);
    fonts.set(item.fontName, (fonts.get(item.fontName) ?? 0) + n);
    chars += n;
    if (item.monospace) monospaceChars += n;
  }
  const size = [...bySize].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [items[0].size, -1])[0];
  return { size, fonts, monospace: chars > 0 && monospaceChars > chars / 2 };
}

/** PNG of one page (page 1 unless told; the last page if there are fewer), `width` pixels wide (within the pixel limit). */
export async function renderPdfPage(bytes: Uint8Array, width: number, maxPixels: number, pageNumber = 1): Promise<Uint8Array> {
  const doc = await openPdf(bytes);
  try {
    const page = await doc.getPage(Math.min(Math.max(1, Math.trunc(pageNumber)), doc.numPages)).catch(() => {
      throw new ExtractionError('corrupt', corruptMessage('pdf'));
    });
    return await renderPage(page, maxPixels, width / page.getViewport({ scale: 1 }).width);
  } finally {
    await doc.destroy();
  }
}

/** PNG of the page, at 150 dpi unless told (within the pixel limit). */
export async function renderPage(page: PDFPageProxy, maxPixels: number, scale = OCR_DPI / 72): Promise<Uint8Array> {
  const canvas = await drawPage(page, maxPixels, scale);
  try {
    // Synchronous on purpose (we are in the extraction worker): the async encode of @napi-rs/canvas
    // 0.1.x reads the surface on the threadpool without holding it, and a GC of the canvas meanwhile
    // crashes the process (Brooooooklyn/canvas#1312).
    return canvas.encodeSync('png');
  } finally {
    releaseCanvas(canvas);
  }
}

/**
 * A scanned page for OCR: drawn at 150 dpi within MAX_SCAN_PIXELS (and the pixel limit) and
 * handed over as a stored PNG, the canvas released; `width` and `height` are its pixels.
 */
export async function drawScan(page: PDFPageProxy, maxPixels: number): Promise<{ image: Buffer; width: number; height: number }> {
  return takeScan(await drawPage(page, Math.min(maxPixels, MAX_SCAN_PIXELS), OCR_DPI / 72));
}

/** The page drawn on a white canvas at `scale`, shrunk to fit `maxPixels`; the caller releases it. */
async function drawPage(page: PDFPageProxy, maxPixels: number, initialScale: number): Promise<Canvas> {
  const base = page.getViewport({ scale: 1 });
  let scale = initialScale;
  const pixels = base.width * base.height * scale * scale;
  // An oversized MediaBox must not turn into an oversized bitmap: shrink to the pixel limit.
  if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels);
  const viewport = page.getViewport({ scale });
  const canvas = createPageCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  try {
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
  } catch {
    releaseCanvas(canvas);
    throw new ExtractionError('corrupt', corruptMessage('pdf'));
  }
  return canvas;
}

function visibleChars(text: string): number {
  return text.replace(/\s+/g, '').length;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
