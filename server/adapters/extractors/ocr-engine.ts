/**
 * The OCR engine: tesseract.js with the English model shipped in @tesseract.js-data/eng, read
 * from node_modules (never the CDN, never a cache file). `workers` tesseract.js workers, each
 * with its own copy of the model, behind one tesseract.js scheduler: a page goes to whichever
 * worker is free. Each worker is a thread of its own (ocr-thread.cjs) that reports the memory it
 * holds outside the V8 heap, so the extraction worker can count it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker as Thread } from 'node:worker_threads';
import { createScheduler, createWorker, OEM, type Page, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);
/** The LSTM-only integer model: a quarter the size of 4.0.0/, same accuracy for OEM.LSTM_ONLY. */
const ENG_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const OCR_THREAD_PATH = fileURLToPath(new URL('./ocr-thread.cjs', import.meta.url));

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
  /** Memory each OCR thread holds outside its V8 heap (wasm heap, images), as last reported. */
  externalBytes(): number[];
  close(): Promise<void>;
}

export async function startOcrEngine(workers: number): Promise<OcrEngine> {
  const started = await Promise.allSettled(
    Array.from({ length: workers }, () =>
      createWorker('eng', OEM.LSTM_ONLY, {
        langPath: ENG_LANG_PATH,
        workerPath: OCR_THREAD_PATH,
        gzip: true,
        cacheMethod: 'none',
        errorHandler: () => {},
      }),
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
  const held = ready.map(threadMemory);
  return {
    async read(image, { words }) {
      const { data } = await scheduler.addJob('recognize', image, {}, { text: true, blocks: words });
      return { text: data.text, words: words ? pageWords(data) : [], confidence: data.confidence };
    },
    externalBytes: () => held.map((memory) => memory.bytes),
    close: () => scheduler.terminate(),
  };
}

/** The latest memory report of one OCR thread (ocr-thread.cjs posts one before every reply). */
function threadMemory(worker: Worker): { bytes: number } {
  const memory = { bytes: 0 };
  // tesseract.js keeps its node:worker_threads Worker on the object it returns, untyped.
  const thread = (worker as Worker & { worker: Thread }).worker;
  thread.on('message', (message: { status?: string; externalBytes?: number }) => {
    if (message.status === 'memory' && typeof message.externalBytes === 'number') memory.bytes = message.externalBytes;
  });
  return memory;
}

/** Baselines shorter than this (pixels) give too rough a slope to measure a page's skew by. */
const MIN_BASELINE_PX = 200;
/** Slopes below this are square enough; above it the page is turned, not skewed. */
const SKEW_RANGE = { min: 0.002, max: 0.15 };

/**
 * Words with their pixel boxes, in tesseract's reading order (block, paragraph, line). On a skewed
 * scan a label and its amount far to the right sit at different heights although they share a
 * baseline ('Total' ... '$200.00', 15 px apart at 2 degrees): each word's height is taken as if the
 * page were square, by the median slope of tesseract's own baselines, so the layout keeps them on
 * one line. The recognised text is untouched.
 */
function pageWords(data: Page): OcrWord[] {
  const lines = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
  const slope = skewSlope(lines.map((line) => line.baseline));
  const words: OcrWord[] = [];
  for (const line of lines) {
    for (const word of line.words) {
      const text = word.text.trim();
      if (!text) continue;
      const lift = Math.round(slope * ((word.bbox.x0 + word.bbox.x1) / 2));
      words.push({ text, confidence: word.confidence, ...word.bbox, y0: word.bbox.y0 - lift, y1: word.bbox.y1 - lift });
    }
  }
  return words;
}

/** The page's skew as the median slope of its long baselines (pixels down per pixel right); 0 when square. */
function skewSlope(baselines: Array<{ x0: number; y0: number; x1: number; y1: number }>): number {
  const slopes = baselines
    .filter((b) => b.x1 - b.x0 >= MIN_BASELINE_PX)
    .map((b) => (b.y1 - b.y0) / (b.x1 - b.x0))
    .sort((a, b) => a - b);
  if (slopes.length === 0) return 0;
  const median = slopes[Math.floor(slopes.length / 2)];
  return Math.abs(median) < SKEW_RANGE.min || Math.abs(median) > SKEW_RANGE.max ? 0 : median;
}
