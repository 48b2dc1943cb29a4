/**
 * OCR of page images with tesseract.js (decision 024). The engine starts on first use with one
 * OCR worker per core (ExtractorPool's ocrWorkers) and is reused; the scanned pages of one
 * document are read side by side, a page per worker. Pages reach tesseract as they are:
 * levelling, cropping or cutting them changed what it read (decision 024).
 * Image dimensions come from the header before anything decodes the pixels, so a pixel bomb is
 * refused for the price of reading 30 bytes.
 * The OCR threads' memory counts against the extraction worker's cap (extract.worker.ts), and a
 * wasm heap grown by a large page is given back after the job (releaseOcrMemory).
 */
import { startOcrEngine, type OcrEngine, type OcrWord } from './ocr-engine';
import { ExtractionError, corruptMessage, describeKind, type Extraction, type ExtractionLimits } from './types';

/** Pages read at once per extraction worker (ExtractorPool's ocrWorkers). */
let workers = 1;
let engine: Promise<OcrEngine> | undefined;
/** The engine once it has started, for its memory figures. */
let started: OcrEngine | undefined;

/**
 * What an OCR thread may keep between jobs: tesseract's wasm heap grows with the largest page a
 * thread has read (about 19 bytes a pixel over 33 MB for the model) and never shrinks. A letter
 * or A4 page at 150 dpi leaves about 75 MB, an 11 x 17 in one about 115 MB; past this, the
 * threads are ended after the job and started again (about a second) by the next page.
 */
const RETAINED_BYTES_PER_THREAD = 128 * 1024 * 1024;

/** Set by the extraction worker at start, before the first OCR call. */
export function configureOcr(ocrWorkers: number): void {
  workers = Math.max(1, Math.floor(ocrWorkers));
}

function ocrEngine(): Promise<OcrEngine> {
  if (!engine) {
    const starting = startOcrEngine(workers);
    engine = starting;
    starting.then(
      (ready) => {
        if (engine === starting) started = ready;
      },
      () => {
        if (engine === starting) engine = undefined;
      },
    );
  }
  return engine;
}

export interface OcrResult {
  text: string;
  confidence: number;
}

/** `image` is an encoded image: an upload, or a drawn PDF page (page-canvas.ts takeScan). */
export async function recognise(image: Uint8Array): Promise<OcrResult> {
  const { text, confidence } = await (await ocrEngine()).read(asBuffer(image), { words: false });
  return { text: text.replace(/[ \t]+\n/g, '\n').trim(), confidence };
}

/** Words with their pixel boxes, in tesseract's reading order (block, paragraph, line). */
export async function recogniseWords(image: Uint8Array): Promise<{ words: OcrWord[]; confidence: number }> {
  const { words, confidence } = await (await ocrEngine()).read(asBuffer(image), { words: true });
  return { words, confidence };
}

function asBuffer(image: Uint8Array): Buffer {
  return Buffer.isBuffer(image) ? image : Buffer.from(image.buffer, image.byteOffset, image.byteLength);
}

/** Memory the OCR threads hold outside their V8 heaps (0 before the engine starts). */
export function ocrExternalBytes(): number {
  return (started?.externalBytes() ?? []).reduce((sum, bytes) => sum + bytes, 0);
}

/** Ends the OCR threads when a large page left their wasm heaps grown; the next page starts them again. */
export async function releaseOcrMemory(): Promise<void> {
  // A thread that fails to end cleanly is gone all the same.
  if (started?.externalBytes().some((bytes) => bytes > RETAINED_BYTES_PER_THREAD)) await closeOcr().catch(() => undefined);
}

/**
 * The scanned pages of one document, read in the background one per OCR worker while the caller
 * draws the next; `drain` waits for them all and throws the first failure.
 */
export class OcrQueue {
  private readonly running = new Set<Promise<void>>();
  private failure?: { error: unknown };

  async add(read: () => Promise<void>): Promise<void> {
    while (this.running.size >= workers) await Promise.race(this.running);
    this.throwFailure();
    const running: Promise<void> = read()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
    this.throwFailure();
  }

  private throwFailure(): void {
    if (this.failure) throw this.failure.error;
  }
}

export async function closeOcr(): Promise<void> {
  const pending = engine;
  engine = started = undefined;
  if (pending) await (await pending).close();
}

export type ImageKind = 'png' | 'jpeg' | 'webp';

export async function extractImage(bytes: Uint8Array, kind: ImageKind, limits: Pick<ExtractionLimits, 'maxPixels' | 'maxSide'>): Promise<Extraction> {
  checkImageSize(bytes, kind, limits);
  let result: OcrResult;
  try {
    result = await recognise(bytes);
  } catch {
    throw new ExtractionError('corrupt', corruptMessage(kind));
  }
  return {
    text: result.text,
    pages: [{ page: null, text: result.text }],
    metadata: { method: 'ocr', ocrConfidence: Math.round(result.confidence) },
  };
}

function checkImageSize(bytes: Uint8Array, kind: ImageKind, limits: Pick<ExtractionLimits, 'maxPixels' | 'maxSide'>): void {
  const size = imageDimensions(bytes, kind);
  if (!size) throw new ExtractionError('corrupt', corruptMessage(kind));
  const { width, height } = size;
  if (width === 0 || height === 0) throw new ExtractionError('corrupt', corruptMessage(kind));
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new ExtractionError(
      'too_large',
      `${describeKind(kind)} is too large to read (${width} x ${height} pixels; the limit is ${limits.maxSide} pixels a side and ${Math.round(limits.maxPixels / 1e6)} megapixels).`,
    );
  }
}

/** Width and height from the image header, or null when the header is not where it must be. */
function imageDimensions(bytes: Uint8Array, kind: ImageKind): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));
  if (kind === 'png') {
    if (bytes.length < 24 || ascii(12, 4) !== 'IHDR') return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (kind === 'webp') return webpDimensions(bytes, view, ascii);
  return jpegDimensions(bytes, view);
}

function webpDimensions(bytes: Uint8Array, view: DataView, ascii: (o: number, l: number) => string) {
  if (bytes.length < 30 || ascii(0, 4) !== 'RIFF' || ascii(8, 4) !== 'WEBP') return null;
  const chunk = ascii(12, 4);
  if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const u24 = (o: number) => bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  return null;
}

/** Walks the JPEG markers up to the first start-of-frame (SOF0..SOF15 but DHT, JPG, DAC). */
function jpegDimensions(bytes: Uint8Array, view: DataView) {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    if (marker === 0xda || length < 2) return null;
    offset += 2 + length;
  }
  return null;
}
