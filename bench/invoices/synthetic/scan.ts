/**
 * A "scanned" copy of page 1: rendered at 150 dpi, turned a little, speckled, saved as a JPEG and
 * placed as the only content of a new PDF page, so there is no text layer and OCR must read it.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PDFDocument } from 'pdf-lib';
import { openPdf, renderPage } from '../../../server/adapters/extractors/pdf-extractor';
import type { Random } from './random';

const DPI = 150;

/** Adds the scanned page to `doc`. */
export async function addScannedFirstPage(doc: PDFDocument, pdf: Uint8Array, random: Random): Promise<void> {
  const source = await openPdf(pdf);
  let png: Uint8Array;
  let size: { width: number; height: number };
  try {
    const page = await source.getPage(1);
    size = page.getViewport({ scale: 1 });
    png = await renderPage(page, 40_000_000, DPI / 72);
  } finally {
    await source.destroy();
  }
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fdfdf8';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate(((random.next() - 0.5) * 1.2 * Math.PI) / 180);
  context.drawImage(image, -image.width / 2 + random.int(-6, 6), -image.height / 2 + random.int(-6, 6));
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = 'rgba(60, 60, 60, 0.35)';
  for (let i = 0; i < 1500; i++) context.fillRect(random.int(0, canvas.width), random.int(0, canvas.height), 1 + random.int(0, 1), 1);
  const jpeg = canvas.encodeSync('jpeg', 72); // the async encode can crash if the canvas is collected mid-way

  const embedded = await doc.embedJpg(jpeg);
  const target = doc.addPage([size.width, size.height]);
  target.drawImage(embedded, { x: 0, y: 0, width: size.width, height: size.height });
}
