import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TABLE_COLUMNS } from './csv-extractor';
import { ExtractorPool } from './extract';
import { EXTRACTION_NICE } from './thread-priority';
import { makeDocx, makeScannedPdf, makeScannedPdfPages, makeTextPdf, makeXlsx, niceOfThread, renderTextImage } from './test-fixtures';

const CORPUS = '/work/shared/corpus/invoices-dev';
const pool = new ExtractorPool({ size: 2 });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kai-extract-'));
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

describe('extractDocument (in the worker sandbox)', () => {
  it('rebuilds PDF lines in reading order and keeps page numbers', async () => {
    const pdf = makeTextPdf(
      [
        [
          [300, 760, 'Total 99.50'],
          [72, 760, 'Invoice INV-2024-001'],
          [72, 600, 'After a gap'],
          [72, 740, 'Second line'],
        ],
        [[72, 760, 'Page two (with parentheses)']],
      ],
      'Invoice title',
    );
    const result = await pool.extract({ bytes: pdf, kind: 'pdf' });
    expect(result.pages).toEqual([
      { page: 1, text: 'Invoice INV-2024-001 Total 99.50\nSecond line\n\nAfter a gap' },
      { page: 2, text: 'Page two (with parentheses)' },
    ]);
    expect(result.text).toContain('Second line\n\nAfter a gap\n\nPage two');
    expect(result.metadata).toEqual({ method: 'text', pages: 2, title: 'Invoice title', author: 'Test Author' });
  });

  it('finds the invoice number in real invoice PDFs, read from a path', async () => {
    for (const name of ['001.noxml.pdf', '002.pdf']) {
      const truth = JSON.parse(readFileSync(path.join(CORPUS, name.replace(/\..*$/, '.json')), 'utf8'));
      const result = await pool.extract({ path: path.join(CORPUS, name), kind: 'pdf' });
      expect(result.metadata.method).toBe('text');
      expect(result.text, name).toContain(String(truth.invoice_number));
    }
  });

  it('drops NUL characters from the text, layout and title of a PDF (PostgreSQL cannot store them)', async () => {
    const pdf = makeTextPdf([[[72, 760, 'Acme\u0000Concrete Invoice 4471\u0000']]], 'Bad\u0000Title');
    const result = await pool.extract({ bytes: pdf, kind: 'pdf' });
    expect(result.text).toContain('AcmeConcrete Invoice 4471');
    const layout = await pool.extract({ bytes: pdf, kind: 'pdf', layout: true });
    expect(JSON.stringify(layout.layout)).toContain('AcmeConcrete');
    for (const extraction of [result, layout]) expect(JSON.stringify(extraction)).not.toContain('\\u0000');
  });

  it('turns CSV with commas or semicolons into a Markdown table', async () => {
    const comma = await pool.extract({ bytes: Buffer.from('vendor,amount\n"Acme, Inc.",12.50\nBeta,3\n'), kind: 'csv' });
    expect(comma.text).toBe('| vendor | amount |\n| --- | --- |\n| Acme, Inc. | 12.50 |\n| Beta | 3 |');
    const semicolon = await pool.extract({ bytes: Buffer.from('\uFEFFLieferant;Betrag\nMüller;1,50\n'), kind: 'csv' });
    expect(semicolon.text).toBe('| Lieferant | Betrag |\n| --- | --- |\n| Müller | 1,50 |');
    expect(semicolon.metadata).toEqual({ method: 'structured' });
  });

  it('caps CSV rows with a warning', async () => {
    const rows = ['a,b', ...Array.from({ length: 50 }, (_, i) => `${i},x`)].join('\n');
    const result = await pool.extract({ bytes: Buffer.from(rows), kind: 'csv', limits: { maxRows: 10 } });
    expect(result.text.split('\n')).toHaveLength(12);
    expect(result.metadata.warnings).toEqual(['Only the first 10 rows were read.']);
  });

  it('caps a wide CSV by columns and cells, so its text stays small enough to index without holding the server', async () => {
    const wide = Array.from({ length: 4 }, (_, r) => Array.from({ length: 30_000 }, (_, c) => `${r}-${c}`).join(',')).join('\n');
    const result = await pool.extract({ bytes: Buffer.from(wide), kind: 'csv' });
    expect(result.text.split('\n')[0].split(' | ')).toHaveLength(MAX_TABLE_COLUMNS);
    expect(result.metadata.warnings).toEqual([`Only the first ${MAX_TABLE_COLUMNS} columns were read.`]);
    const many = ['a,b,c,d', ...Array.from({ length: 200 }, (_, i) => `${i},x,y,z`)].join('\n');
    const cut = await pool.extract({ bytes: Buffer.from(many), kind: 'csv', limits: { maxCells: 100 } });
    expect(cut.text.split('\n')).toHaveLength(26);
    expect(cut.metadata.warnings).toEqual(['Only the first 100 cells were read.']);
  });

  it('keeps DOCX headings as Markdown', async () => {
    const docx = makeDocx({ heading: 'Site report', paragraphs: ['Concrete poured on level 2.', 'Next: framing.'], title: 'Report' });
    const result = await pool.extract({ bytes: docx, kind: 'docx' });
    expect(result.text).toBe('# Site report\n\nConcrete poured on level 2.\n\nNext: framing.');
    expect(result.metadata).toEqual({ method: 'structured', title: 'Report', author: 'Test Author' });
  });

  it('writes each XLSX sheet as a Markdown table and caps cells', async () => {
    const xlsx = await makeXlsx({
      Costs: [
        ['Item', 'Amount'],
        ['Rebar', 1200],
        ['Cement', 300],
      ],
      Notes: [['ok']],
    });
    const result = await pool.extract({ bytes: xlsx, kind: 'xlsx' });
    expect(result.text).toBe(
      '## Sheet: Costs\n\n| Item | Amount |\n| --- | --- |\n| Rebar | 1200 |\n| Cement | 300 |\n\n## Sheet: Notes\n\n| ok |\n| --- |',
    );
    expect(result.metadata).toMatchObject({ method: 'structured', sheets: ['Costs', 'Notes'] });
    const capped = await pool.extract({ bytes: xlsx, kind: 'xlsx', limits: { maxCells: 3 } });
    expect(capped.text).not.toContain('Cement');
    expect(capped.metadata.warnings?.[0]).toMatch(/first 3 cells/);
  });

  it.runIf(process.platform === 'linux')('runs extraction and OCR threads at a lower priority than the request handlers', async () => {
    await pool.extract({ bytes: await renderTextImage(['Priority check'], 'png'), kind: 'png' });
    const nices = readdirSync('/proc/self/task').map(niceOfThread);
    expect(niceOfThread(String(process.pid))).toBe(0);
    // The extraction worker and the tesseract.js workers it started.
    expect(nices.filter((nice) => nice === EXTRACTION_NICE).length).toBeGreaterThanOrEqual(2);
  });

  it('OCRs PNG, JPEG and WebP images', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const image = await renderTextImage(['Invoice 4711 from Acme Supply', 'Amount due 1234.56'], format);
      const result = await pool.extract({ bytes: image, kind: format });
      expect(result.text, format).toContain('Invoice 4711 from Acme Supply');
      expect(result.text, format).toContain('1234.56');
      expect(result.metadata.method).toBe('ocr');
      expect(result.metadata.ocrConfidence).toBeGreaterThan(70);
    }
  });

  it('OCRs the scanned pages of a PDF and reports a mixed method', async () => {
    const size = { width: 1240, height: 1754 };
    const jpeg = await renderTextImage(['Scanned delivery note 8812', 'Received by J. Smith'], 'jpeg', size, 40);
    const result = await pool.extract({ bytes: makeScannedPdf(jpeg, size, 'A cover page that has a real text layer'), kind: 'pdf' });
    expect(result.pages[0]).toEqual({ page: 1, text: 'A cover page that has a real text layer' });
    expect(result.pages[1].page).toBe(2);
    expect(result.pages[1].text).toContain('Scanned delivery note 8812');
    expect(result.metadata).toMatchObject({ method: 'mixed', pages: 2 });
    const scanOnly = await pool.extract({ bytes: makeScannedPdf(jpeg, size), kind: 'pdf' });
    expect(scanOnly.metadata.method).toBe('ocr');
  });

  it('reads the scanned pages of a PDF side by side, each into its own page', async () => {
    const size = { width: 1240, height: 1754 };
    const notes = [4410, 4420, 4430];
    const jpegs = await Promise.all(notes.map((note) => renderTextImage([`Delivery note ${note}`, 'Received in good order'], 'jpeg', size, 40)));
    const twoReaders = new ExtractorPool({ size: 1, ocrWorkers: 2 });
    try {
      const result = await twoReaders.extract({ bytes: makeScannedPdfPages(jpegs, size), kind: 'pdf' });
      expect(result.pages.map((page) => page.page)).toEqual([1, 2, 3]);
      notes.forEach((note, i) => expect(result.pages[i].text).toContain(`Delivery note ${note}`));
      expect(result.metadata).toMatchObject({ method: 'ocr', pages: 3 });
    } finally {
      await twoReaders.close();
    }
  }, 60_000);

  it('OCRs with the network off (local traineddata, no cache, no CDN)', async () => {
    // Needs a network namespace (root or user namespaces); elsewhere this check is skipped.
    if (spawnSync('unshare', ['-n', 'true']).status !== 0) return;
    const script = path.join(dir, 'offline.mts');
    await writeFile(
      script,
      `import { ExtractorPool } from ${JSON.stringify(path.resolve('server/adapters/extractors/extract.ts'))};
import { renderTextImage } from ${JSON.stringify(path.resolve('server/adapters/extractors/test-fixtures.ts'))};
const pool = new ExtractorPool({ size: 1 });
const result = await pool.extract({ bytes: await renderTextImage(['Offline OCR works'], 'png'), kind: 'png' });
console.log(result.text);
await pool.close();
`,
    );
    const run = spawnSync('unshare', ['-n', path.resolve('node_modules/.bin/tsx'), script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('Offline OCR works');
  }, 60_000);
});
