import { afterAll, describe, expect, it, vi } from 'vitest';
import { MB, makeHugePagePdf } from './bomb-fixtures';
import { ExtractorPool } from './extract';
import { makeTextPdf, renderTextImage } from './test-fixtures';

const pools: ExtractorPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

/** This process's resident memory: the extraction workers and their OCR threads are threads of it. */
const rss = () => process.memoryUsage().rss;

/** A pool whose worker has started and read a text page, so its start-up is not what is measured. */
async function startedPool(options: ConstructorParameters<typeof ExtractorPool>[0]): Promise<ExtractorPool> {
  const pool = new ExtractorPool(options);
  pools.push(pool);
  await pool.extract({ bytes: makeTextPdf([[[72, 700, 'Delivery note 77 from Hendricks Lumber']]]), kind: 'pdf' });
  return pool;
}

/** `run`'s result and the largest growth of resident memory while it ran, sampled every 20 ms. */
async function peakGrowth<T>(run: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const before = rss();
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss() - before)), 20);
  try {
    const result = await run();
    return { result, before, peak: Math.max(peak, rss() - before) };
  } finally {
    clearInterval(sampler);
  }
}

describe('drawing and OCR memory counts against the job and is given back', () => {
  it('OCRs a 3 KB PDF with a 200 in square page at a bounded size and gives the memory back', async () => {
    const pool = await startedPool({ size: 1 });
    const pdf = makeHugePagePdf();
    expect(pdf.length).toBeLessThan(4096);
    const { result, before, peak } = await peakGrowth(() => pool.extract({ bytes: pdf, kind: 'pdf' }));
    expect(result.metadata.method).toBe('ocr');
    expect(result.text).toContain('INVOICE 1042');
    // Drawn at the general 40 MP limit and OCRed, it made the process 1.5 GB larger and kept 0.9 GB.
    expect(peak).toBeLessThan(600 * MB);
    await vi.waitFor(() => expect(rss() - before).toBeLessThan(400 * MB), { timeout: 10_000, interval: 200 });
    const next = await pool.extract({ bytes: makeTextPdf([[[72, 700, 'Hello there']]]), kind: 'pdf' });
    expect(next.text).toBe('Hello there');
  }, 90_000);

  it('fails a job whose OCR thread holds more memory than the cap, with the reason, and the memory goes back', async () => {
    const pool = await startedPool({ size: 1, maxExternalMemoryMb: 100 });
    // 6 MP of white with one line: 40 KB as a PNG, about 150 MB in tesseract's wasm heap.
    const image = await renderTextImage(['INVOICE 1042'], 'png', { width: 2500, height: 2500 }, 100);
    expect(image.length).toBeLessThan(MB);
    const { result, before } = await peakGrowth(() => pool.extract({ bytes: image, kind: 'png' }).catch((error: unknown) => error));
    expect(result).toMatchObject({ code: 'limits', message: 'The PNG image was refused: reading it took more than 100 MB of memory.' });
    await vi.waitFor(() => expect(rss() - before).toBeLessThan(200 * MB), { timeout: 10_000, interval: 200 });
    const small = await renderTextImage(['INVOICE 1042'], 'png', { width: 900, height: 300 }, 60);
    expect((await pool.extract({ bytes: small, kind: 'png' })).text).toContain('INVOICE 1042');
  }, 90_000);
});
