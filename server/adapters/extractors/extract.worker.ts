/**
 * Entry of a sandbox worker thread: receives one job at a time, reads the bytes (or the file),
 * re-checks the type from the content and runs the matching extractor. Every failure goes back
 * as `{ code, message }`; the parent enforces time and memory.
 */
import { open } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { extractCsv } from './csv-extractor';
import { extractDoc } from './doc-extractor';
import { extractDocx } from './docx-extractor';
import { detectFileType } from './file-type';
import { configureOcr, extractImage, ocrExternalBytes, releaseOcrMemory } from './image-ocr';
import { isOle2 } from './ole2-directory';
import { checkOoxmlArchive } from './ooxml-guard';
import { canvasBytes } from './page-canvas';
import { extractPdf, renderPdfPage } from './pdf-extractor';
import { readPdfLayout } from './pdf-layout';
import { checkPdfStreams } from './pdf-streams';
import { readTableRows } from './table-rows';
import { lowerThisThreadsPriority } from './thread-priority';
import { ExtractionError, describeKind, type DocumentKind, type Extraction, type ExtractionLimits, type TableKind } from './types';
import { extractXls } from './xls-extractor';
import { extractXlsx } from './xlsx-extractor';

export interface WorkerJob {
  id: number;
  bytes?: Uint8Array;
  path?: string;
  kind: DocumentKind;
  limits: ExtractionLimits;
  /** Render page 1 of a PDF at this width instead of extracting text. */
  previewWidth?: number;
  /** The page a preview shows (1-based). */
  previewPage?: number;
  /** Read the first sheet of a spreadsheet of this kind as rows (readTableRows); `kind` is then only its noun. */
  table?: TableKind;
  /** Read a PDF's positioned text for the invoice rules instead of extracting text. */
  layout?: boolean;
}

export type WorkerReply =
  | { type: 'ready' }
  /** Memory outside the V8 heap: this thread's ArrayBuffers, its canvases and its OCR threads. */
  | { type: 'memory'; id: number; externalBytes: number }
  | { type: 'done'; id: number; extraction: Extraction }
  | { type: 'failed'; id: number; code: ExtractionError['code']; message: string; detail?: string };

/** How often a busy worker reports its memory outside the V8 heap. */
const MEMORY_REPORT_MS = 100;

const port = parentPort;
if (!port) throw new Error('extract.worker.ts must run in a worker thread');
const settings = workerData as { ocrWorkers: number; nice: number };
configureOcr(settings.ocrWorkers);
// Before the OCR threads start, so they inherit it.
lowerThisThreadsPriority(settings.nice);

/**
 * resourceLimits cap the V8 heap only. Outside it lie decoded streams and inflated parts
 * (ArrayBuffers), drawn pages (native canvas memory) and the OCR threads' wasm heaps, so the
 * parent watches their sum. pdf.js runs on microtasks for long stretches and an OCR thread reports
 * only between pages, so reports can lag; one more goes just before the reply, so a job that ended
 * past the cap fails all the same.
 */
const reportMemory = (id: number) => {
  const externalBytes = process.memoryUsage().external + canvasBytes() + ocrExternalBytes();
  port.postMessage({ type: 'memory', id, externalBytes } satisfies WorkerReply);
};

port.on('message', async (job: WorkerJob) => {
  const report = setInterval(() => reportMemory(job.id), MEMORY_REPORT_MS);
  const reply = await runJob(job).then(
    (extraction): WorkerReply => ({ type: 'done', id: job.id, extraction }),
    (error: unknown) => failureReply(job, error),
  );
  clearInterval(report);
  reportMemory(job.id);
  port.postMessage(reply);
  // After the reply, so the caller does not wait for it.
  await releaseOcrMemory();
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);

function failureReply(job: WorkerJob, error: unknown): WorkerReply {
  if (error instanceof ExtractionError) return { type: 'failed', id: job.id, code: error.code, message: error.message };
  return {
    type: 'failed',
    id: job.id,
    code: 'failed',
    message: `${describeKind(job.kind)} could not be read.`,
    detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  };
}

async function runJob(job: WorkerJob): Promise<Extraction> {
  const { kind, limits } = job;
  const bytes = job.bytes ?? (await readCapped(job.path ?? '', limits.maxBytes, kind));
  if (bytes.length > limits.maxBytes) throw tooBig(kind, limits.maxBytes);
  if (job.table) return { text: '', pages: [], metadata: { method: 'structured' }, table: await readTableRows(bytes, job.table, limits) };
  // The caller's kind came from detectFileType on the head; check it again on these very bytes.
  // A legacy Office directory may lie anywhere in the file, so it is looked for in all of it
  // (headers only); where it lies out of reach even so, the caller's kind stands and the reader,
  // which parses the whole container, refuses a file that does not hold one.
  const detected = isOle2(bytes) ? await detectFileType(bytes, `upload.${kind}`) : await detectFileType(bytes.subarray(0, 64 * 1024));
  if ('unsupported' in detected) throw new ExtractionError('unsupported', detected.reason);
  if (detected.kind !== kind) {
    throw new ExtractionError('unsupported', `${describeKind(kind)} is actually a ${detected.kind.toUpperCase()} file.`);
  }
  if (kind === 'pdf') await checkPdfStreams(bytes, limits);
  if (job.layout && kind === 'pdf') return { text: '', pages: [], metadata: { method: 'text' }, layout: await readPdfLayout(bytes, limits) };
  if (job.previewWidth && kind === 'pdf') {
    return {
      text: '',
      pages: [],
      metadata: { method: 'text' },
      preview: await renderPdfPage(bytes, job.previewWidth, limits.maxPixels, job.previewPage),
    };
  }
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes, limits);
    case 'docx':
      return extractDocx(bytes, await checkOoxmlArchive(bytes, kind, limits));
    case 'doc':
      return extractDoc(bytes);
    case 'xlsx':
      return extractXlsx(bytes, await checkOoxmlArchive(bytes, kind, limits), limits);
    case 'xls':
      return extractXls(bytes, limits);
    case 'csv':
      return extractCsv(bytes, limits);
    case 'png':
    case 'jpeg':
    case 'webp':
      return extractImage(bytes, kind, limits);
  }
}

/** Refuses an oversized file from its size, before reading any of it. */
async function readCapped(path: string, maxBytes: number, kind: DocumentKind): Promise<Uint8Array> {
  const file = await open(path, 'r').catch(() => {
    throw new ExtractionError('failed', `${describeKind(kind)} could not be opened.`);
  });
  try {
    const { size } = await file.stat();
    if (size > maxBytes) throw tooBig(kind, maxBytes);
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await file.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function tooBig(kind: DocumentKind, maxBytes: number): ExtractionError {
  return new ExtractionError('too_large', `${describeKind(kind)} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
}
