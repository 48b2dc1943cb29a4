/**
 * The invoice benchmark for `npm run bench`: the shared invoices-dev corpus (text path on the
 * .noxml copies, XML path on the originals) when it is present beside the repository, and three
 * synthetic corpora generated into temporary folders: the US construction one the parser was
 * tuned on and two held-out ones (second-synthetic/, third-synthetic/); and the first pages of
 * invoices-public and invoices-dev read as scans (scanned.ts). One JSON line per corpus.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeOcr } from '../../server/adapters/extractors/image-ocr';
import { scoreScannedFirstPages } from './scanned';
import { type InvoiceScore, scoreCorpus } from './score';
import { generateSecondCorpus } from './second-synthetic/generate';
import { generateCorpus } from './synthetic/generate';
import { generateThirdCorpus } from './third-synthetic/generate';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED_CORPUS = path.resolve(repo, '../shared/corpus/invoices-dev');
const PUBLIC_CORPUS = path.resolve(repo, '../shared/corpus/invoices-public');

/** The figures without the list of misses, which `npm run bench:invoices -- <dir>` prints in full. */
function summary(name: string, score: InvoiceScore) {
  const { misses, ...figures } = score;
  return { ...figures, figure: `invoices.${name}`, misses: misses.length };
}

export async function runInvoiceBenchmarks(print: (line: string) => void = console.log): Promise<void> {
  if (existsSync(SHARED_CORPUS)) {
    print(JSON.stringify(summary('invoices_dev_noxml', await scoreCorpus(SHARED_CORPUS, { variant: 'noxml' }))));
    print(JSON.stringify(summary('invoices_dev_xml', await scoreCorpus(SHARED_CORPUS, { variant: 'original' }))));
  } else {
    process.stderr.write(`bench: ${SHARED_CORPUS} not found; invoices-dev skipped\n`);
  }
  // Real layouts as scans: what OCR costs the invoice number and total (a few minutes of OCR).
  for (const corpus of [PUBLIC_CORPUS, SHARED_CORPUS].filter((dir) => existsSync(dir))) {
    print(JSON.stringify(await scoreScannedFirstPages(corpus)));
  }
  const synthetic = mkdtempSync(path.join(tmpdir(), 'kai-invoices-'));
  try {
    await generateCorpus(synthetic);
    print(JSON.stringify(summary('synthetic_us', await scoreCorpus(synthetic))));
  } finally {
    rmSync(synthetic, { recursive: true, force: true });
    await closeOcr();
  }
  // Held out: layouts written without reading the parser, so rules must never be tuned on it.
  const second = mkdtempSync(path.join(tmpdir(), 'kai-invoices-second-'));
  try {
    await generateSecondCorpus(second);
    print(JSON.stringify(summary('synthetic_second', await scoreCorpus(second))));
  } finally {
    rmSync(second, { recursive: true, force: true });
    await closeOcr();
  }
  // Held out as well, written apart from both: bills, folios, foreign and credit notes, two per PDF.
  const third = mkdtempSync(path.join(tmpdir(), 'kai-invoices-third-'));
  try {
    await generateThirdCorpus(third);
    print(JSON.stringify(summary('synthetic_third', await scoreCorpus(third))));
  } finally {
    rmSync(third, { recursive: true, force: true });
    await closeOcr();
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) await runInvoiceBenchmarks();
