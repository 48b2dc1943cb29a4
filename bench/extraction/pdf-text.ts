/**
 * Text-PDF throughput on one core: every PDF of the invoice corpus through one sandbox worker,
 * against poppler's pdftotext as a reference when it is installed (apt-get install poppler-utils).
 * Worker start-up is excluded; each file is read once to warm the worker first.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ExtractorPool } from '../../server/adapters/extractors/extract';

const CORPUS = '/work/shared/corpus/invoices-dev';

export async function runPdfTextBenchmark() {
  const files = readdirSync(CORPUS)
    .filter((name) => name.endsWith('.pdf'))
    .map((name) => path.join(CORPUS, name));
  const documents = files.map((file) => readFileSync(file));
  const pool = new ExtractorPool({ size: 1 });
  try {
    await pool.extract({ bytes: documents[0], kind: 'pdf' });
    let pages = 0;
    let ocrPages = 0;
    const started = performance.now();
    for (const bytes of documents) {
      const result = await pool.extract({ bytes, kind: 'pdf' });
      pages += result.metadata.pages ?? 0;
      if (result.metadata.method !== 'text') ocrPages += result.pages.length;
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      figure: 'extraction.pdf_text_pages_per_second',
      files: files.length,
      pages,
      pages_with_ocr: ocrPages,
      kai_pages_per_second: round(pages / seconds),
      ...pdftotextReference(files, pages),
    };
  } finally {
    await pool.close();
  }
}

function pdftotextReference(files: string[], pages: number) {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    return { pdftotext_pages_per_second: null, note: 'pdftotext not installed (apt-get install poppler-utils); comparison skipped' };
  }
  const started = performance.now();
  for (const file of files) execFileSync('pdftotext', ['-layout', file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
  const seconds = (performance.now() - started) / 1000;
  return { pdftotext_pages_per_second: round(pages / seconds), note: 'pdftotext timed per process, spawn included' };
}

const round = (value: number) => Math.round(value * 10) / 10;

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) console.log(JSON.stringify(await runPdfTextBenchmark()));
