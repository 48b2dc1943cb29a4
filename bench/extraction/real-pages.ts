/**
 * Real invoice layouts as scans: the first page of PDFs from a shared invoice corpus (read in
 * place, never copied), drawn 1240 px wide (150 dpi for A4) in the sandbox, then spoiled like the
 * synthetic scans. Their truth is the text layer of that page and the labelled invoice number and
 * total.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import type { ExtractorPool } from '../../server/adapters/extractors/extract';
import { renderPdfPreview } from '../../server/adapters/extractors/extract';
import { seededRandom } from '../support';
import { spoilLikeScan } from './scanned-pages';

/** Enough layouts to tell a change from noise, few enough to keep the benchmark within minutes. */
const PAGES = 16;
const WIDTH = 1240;

export interface RealPage {
  name: string;
  jpeg: Buffer;
  /** The page's text layer, as the PDF extractor reads it. */
  textLayer: string;
  /** Labelled fields that the text layer shows (a field it does not show cannot be asked of OCR). */
  fields: Array<{ name: 'invoice_number' | 'total_amount'; find: (text: string) => boolean }>;
}

interface Truth {
  invoice_number: string | null;
  total_amount: number | null;
}

/**
 * The first `count` invoices of a corpus folder of `NN.json` truths beside `NN.pdf` (or, where
 * there is one, `NN.noxml.pdf`, the same pages without the e-invoice XML); empty when the folder
 * is not on this machine.
 */
export async function makeRealPages(pool: ExtractorPool, corpus: string, seed: number, count = PAGES): Promise<RealPage[]> {
  let names: string[];
  try {
    names = readdirSync(corpus);
  } catch {
    return [];
  }
  const truths = names.filter((name) => /^\d+\.json$/.test(name)).sort();
  const pages: RealPage[] = [];
  for (const [i, truthFile] of truths.slice(0, count).entries()) {
    const id = truthFile.replace('.json', '');
    const file = path.join(corpus, names.includes(`${id}.noxml.pdf`) ? `${id}.noxml.pdf` : `${id}.pdf`);
    const truth = JSON.parse(readFileSync(path.join(corpus, truthFile), 'utf8')) as Truth;
    const textLayer = (await pool.extract({ path: file, kind: 'pdf' })).pages[0]?.text ?? '';
    const png = await renderPdfPreview({ path: file }, { width: WIDTH, pool });
    const image = await loadImage(png);
    const { jpeg } = spoilLikeScan(
      (ctx) => {
        // Multiply keeps the ink and lets the grey sheet show through the white.
        ctx.globalCompositeOperation = 'multiply';
        ctx.drawImage(image, 0, 0);
      },
      { width: image.width, height: image.height },
      i,
      seededRandom(seed + i),
    );
    const fields = fieldFinders(truth).filter((field) => field.find(textLayer));
    pages.push({ name: path.basename(file), jpeg, textLayer, fields });
  }
  return pages;
}

function fieldFinders(truth: Truth): RealPage['fields'] {
  const fields: RealPage['fields'] = [];
  if (truth.invoice_number) {
    const wanted = squeeze(truth.invoice_number);
    fields.push({ name: 'invoice_number', find: (text) => squeeze(text).includes(wanted) });
  }
  if (truth.total_amount !== null) {
    const amount = amountPattern(truth.total_amount);
    fields.push({ name: 'total_amount', find: (text) => amount.test(squeeze(text)) });
  }
  return fields;
}

const squeeze = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** 1234.5 as printed anywhere: 1234.50, 1,234.50, 1.234,50, 1'234.50 (never inside a longer number). */
function amountPattern(amount: number): RegExp {
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.');
  const groups = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ').split(' ');
  return new RegExp(`(?<![\\d.,])${groups.join("[.,'’]?")}[.,]${cents}(?!\\d)`);
}

/** Share of the truth's words (two characters or more, any order) that the OCR text holds as well. */
export function wordRecall(ocr: string, truth: string): number {
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/\s+/)
      .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      .filter((word) => word.length >= 2);
  const found = new Map<string, number>();
  for (const word of words(ocr)) found.set(word, (found.get(word) ?? 0) + 1);
  const wanted = words(truth);
  let hits = 0;
  for (const word of wanted) {
    const left = found.get(word) ?? 0;
    if (left > 0) {
      hits++;
      found.set(word, left - 1);
    }
  }
  return wanted.length ? hits / wanted.length : 1;
}
