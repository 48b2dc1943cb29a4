/**
 * The OCR engine: tesseract.js with the English model shipped in @tesseract.js-data/eng, read
 * from node_modules (never the CDN, never a cache file). `workers` tesseract.js workers, each
 * with its own copy of the model, behind one tesseract.js scheduler: a page goes to whichever
 * worker is free.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createScheduler, createWorker, OEM, type Page } from 'tesseract.js';

const require = createRequire(import.meta.url);
/** The LSTM-only integer model: a quarter the size of 4.0.0/, same accuracy for OEM.LSTM_ONLY. */
const ENG_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

export interface OcrWord {
  text: string;
  /** 0-100 */
  confidence: number;
  /** Pixels from the image's top-left corner. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface PageReading {
  text: string;
  /** Only when asked for: reading text alone is cheaper. */
  words: OcrWord[];
  /** Mean word confidence, 0-100. */
  confidence: number;
}

export interface OcrEngine {
  read(image: Buffer, options: { words: boolean }): Promise<PageReading>;
  close(): Promise<void>;
}

export async function startOcrEngine(workers: number): Promise<OcrEngine> {
  const started = await Promise.allSettled(
    Array.from({ length: workers }, () =>
      createWorker('eng', OEM.LSTM_ONLY, { langPath: ENG_LANG_PATH, gzip: true, cacheMethod: 'none', errorHandler: () => {} }),
    ),
  );
  const ready = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(ready.map((worker) => worker.terminate()));
    throw failed.reason;
  }
  // Tesseract's own settings stay as they were: the ones that saved time cost accuracy (decision 024).
  const scheduler = createScheduler();
  for (const worker of ready) scheduler.addWorker(worker);
  return {
    async read(image, { words }) {
      const { data } = await scheduler.addJob('recognize', image, {}, { text: true, blocks: words });
      return { text: data.text, words: words ? pageWords(data) : [], confidence: data.confidence };
    },
    close: () => scheduler.terminate(),
  };
}

/** Words with their pixel boxes, in tesseract's reading order (block, paragraph, line). */
function pageWords(data: Page): OcrWord[] {
  const words: OcrWord[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (text) words.push({ text, confidence: word.confidence, ...word.bbox });
        }
      }
    }
  }
  return words;
}
