/**
 * OCR with tesseract.js and the English model shipped in @tesseract.js-data/eng, read from
 * node_modules (never the CDN, never a cache file). One tesseract worker per extraction worker,
 * created on first use and reused. Image dimensions come from the header before anything decodes
 * the pixels, so a pixel bomb is refused for the price of reading 30 bytes.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { ExtractionError, corruptMessage, describeKind, type Extraction, type ExtractionLimits } from './types';

const require = createRequire(import.meta.url);
/** The LSTM-only integer model: a quarter the size of 4.0.0/, same accuracy for OEM.LSTM_ONLY. */
const ENG_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let tesseract: Promise<TesseractWorker> | undefined;

function ocrWorker(): Promise<TesseractWorker> {
  tesseract ??= createWorker('eng', OEM.LSTM_ONLY, {
    langPath: ENG_LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
    // The core wasm is resolved from node_modules by tesseract.js itself in Node.
    errorHandler: () => {},
  }).catch((error: unknown) => {
    tesseract = undefined;
    throw error;
  });
  return tesseract;
}

export interface OcrResult {
  text: string;
  confidence: number;
}

export async function recognise(image: Uint8Array): Promise<OcrResult> {
  const worker = await ocrWorker();
  const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  return { text: data.text.replace(/[ \t]+\n/g, '\n').trim(), confidence: data.confidence };
}

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

/** Words with their pixel boxes, in tesseract's reading order (block, paragraph, line). */
export async function recogniseWords(image: Uint8Array): Promise<{ words: OcrWord[]; confidence: number }> {
  const worker = await ocrWorker();
  const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { blocks: true, text: false });
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
  return { words, confidence: data.confidence };
}

export async function closeOcr(): Promise<void> {
  const pending = tesseract;
  tesseract = undefined;
  if (pending) await (await pending).terminate();
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
export function imageDimensions(bytes: Uint8Array, kind: ImageKind): { width: number; height: number } | null {
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
