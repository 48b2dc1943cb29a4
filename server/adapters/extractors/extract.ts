/**
 * The extractors' front door. The main thread never parses user bytes: every job runs in a
 * worker thread with V8 heap limits, a cap on the memory it holds outside the heap (ArrayBuffers,
 * which resourceLimits do not cover) and a wall-clock timeout, from a small pool of long-lived
 * workers (each keeps its pdf.js and tesseract state warm between jobs). A worker that times out,
 * runs out of memory or crashes is terminated and replaced, which frees its memory; its job
 * rejects with ExtractionError and every other job carries on.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { cleanStrings } from './clean-text';
import { EXTRACTION_NICE } from './thread-priority';
import type { InvoiceLayout } from './invoice-layout';
import type { WorkerJob, WorkerReply } from './extract.worker';
import {
  DEFAULT_LIMITS,
  ExtractionError,
  describeKind,
  type DocumentKind,
  type Extraction,
  type ExtractionLimits,
  type TableKind,
  type TableRows,
} from './types';

export type ExtractInput = ({ bytes: Uint8Array; path?: never } | { path: string; bytes?: never }) & {
  kind: DocumentKind;
  limits?: Partial<ExtractionLimits>;
  /** Internal to renderPdfPreview. */
  previewWidth?: number;
  /** Internal to renderPdfPreview. */
  previewPage?: number;
  /** Internal to readTableRows. */
  table?: TableKind;
  /** Internal to readInvoiceLayout. */
  layout?: boolean;
};

export interface ExtractorPoolOptions {
  /** Concurrent extractions; default: CPUs - 1, between 1 and 4. */
  size?: number;
  maxOldGenerationSizeMb?: number;
  maxYoungGenerationSizeMb?: number;
  /** Memory a job may hold outside the V8 heap (Buffers, ArrayBuffers) before its worker is terminated. */
  maxExternalMemoryMb?: number;
  /** A worker is replaced after this many jobs, so slow leaks in the parsers cannot pile up. */
  jobsPerWorker?: number;
  /** OCR workers per extraction worker, each reading one scanned page at a time; default: CPUs / size, rounded up (decision 024). */
  ocrWorkers?: number;
  /**
   * The workers' Linux nice value (thread-priority.ts): a pool for work nobody waits on (the
   * document queue) runs below one whose jobs a user is waiting for (invoice layouts, previews).
   */
  nice?: number;
}

interface QueuedJob {
  job: Omit<WorkerJob, 'id'>;
  resolve: (extraction: Extraction) => void;
  reject: (error: Error) => void;
}

const WORKER_URL = new URL('./extract-worker-boot.mjs', import.meta.url);
const STARTUP_TIMEOUT_MS = 30_000;

/** One sandbox worker thread, whether it has started, and how many jobs it has done. */
interface Sandbox {
  worker: Worker;
  ready: Promise<void>;
  started: boolean;
  jobs: number;
}

class Slot {
  private current?: Sandbox;
  /**
   * The replacement of a worker that has done its share of jobs. It starts (about 2 s) while the
   * old one keeps working, so no job waits for a worker to start except the very first.
   */
  private successor?: Sandbox;
  busy = false;

  constructor(private readonly options: Required<ExtractorPoolOptions>) {}

  async run({ job, resolve, reject }: QueuedJob): Promise<void> {
    this.busy = true;
    try {
      const sandbox = await this.sandbox(job.kind);
      resolve(await this.exchange(sandbox, { ...job, id: ++sandbox.jobs }));
      if (sandbox.jobs >= this.options.jobsPerWorker && sandbox === this.current) this.successor ??= this.spawn();
    } catch (error) {
      reject(error as Error);
    } finally {
      this.current?.worker.unref();
      this.busy = false;
    }
  }

  /** Starts the worker now, so the first job does not wait for it. */
  warm(): void {
    if (!this.busy) this.current ??= this.spawn();
  }

  async stop(): Promise<void> {
    const sandboxes = [this.current, this.successor];
    this.current = this.successor = undefined;
    await Promise.all(sandboxes.map((sandbox) => sandbox?.worker.terminate()));
  }

  /** The worker for the next job: the successor once it has started, else the current one, started if need be. */
  private async sandbox(kind: DocumentKind): Promise<Sandbox> {
    if (this.successor?.started) this.promote();
    const sandbox = (this.current ??= this.spawn());
    sandbox.worker.ref();
    try {
      await sandbox.ready;
      return sandbox;
    } catch (error) {
      await this.discard(sandbox);
      throw new ExtractionError('failed', `${describeKind(kind)} could not be read right now; please try again.`, error as Error);
    }
  }

  /** The started successor takes over; the worker it replaces ends. */
  private promote(): void {
    const retired = this.current;
    this.current = this.successor;
    this.successor = undefined;
    void retired?.worker.terminate();
  }

  private async discard(sandbox: Sandbox): Promise<void> {
    if (this.current === sandbox) this.current = undefined;
    if (this.successor === sandbox) this.successor = undefined;
    await sandbox.worker.terminate();
  }

  /** A new worker, not holding the process open until a job needs it. */
  private spawn(): Sandbox {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: this.options.maxYoungGenerationSizeMb,
      },
      workerData: { ocrWorkers: this.options.ocrWorkers, nice: this.options.nice },
    });
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('extraction worker did not start')), STARTUP_TIMEOUT_MS);
      worker.once('message', () => (clearTimeout(timer), resolve()));
      worker.once('error', (error) => (clearTimeout(timer), reject(error)));
      worker.once('exit', () => (clearTimeout(timer), reject(new Error('extraction worker exited at start'))));
    });
    const sandbox: Sandbox = { worker, ready, started: false, jobs: 0 };
    ready.then(
      () => {
        sandbox.started = true;
        // A successor that starts while the slot is idle takes over at once, so the old worker's memory goes back.
        if (this.successor === sandbox && !this.busy) this.promote();
      },
      // A successor (or an idle warm-up) that cannot start is dropped; a later job tries again.
      () => void ((this.successor === sandbox || !this.busy) && this.discard(sandbox)),
    );
    return sandbox;
  }

  /** One job on a ready worker; the timer starts now, so worker start-up is not charged to it. */
  private exchange(sandbox: Sandbox, job: WorkerJob): Promise<Extraction> {
    const { worker } = sandbox;
    return new Promise<Extraction>((resolve, reject) => {
      const noun = describeKind(job.kind);
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const fail = (error: ExtractionError) => {
        cleanup();
        void this.discard(sandbox);
        reject(error);
      };
      const timer = setTimeout(() => {
        const seconds = Math.round(job.limits.timeoutMs / 100) / 10;
        fail(new ExtractionError('timeout', `${noun} took too long to read (over ${seconds} s) and was abandoned.`));
      }, job.limits.timeoutMs);
      const onMessage = (reply: WorkerReply) => {
        if (reply.type === 'ready' || reply.id !== job.id) return;
        if (reply.type === 'memory') {
          const cap = this.options.maxExternalMemoryMb;
          if (reply.externalBytes > cap * 1024 * 1024) {
            fail(new ExtractionError('limits', `${noun} was refused: reading it took more than ${cap} MB of memory.`));
          }
          return;
        }
        cleanup();
        if (reply.type === 'done') resolve(cleanStrings(reply.extraction));
        else reject(new ExtractionError(reply.code, reply.message, reply.detail));
      };
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExtractionError('too_large', `${noun} needs more memory to read than is allowed.`, error)
            : new ExtractionError('failed', `${noun} could not be read.`, error),
        );
      const onExit = () => fail(new ExtractionError('failed', `${noun} could not be read.`));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });
  }
}

export class ExtractorPool {
  private readonly slots: Slot[];
  private readonly queue: QueuedJob[] = [];
  private closed = false;

  constructor(options: ExtractorPoolOptions = {}) {
    const size = options.size ?? Math.min(4, Math.max(1, availableParallelism() - 1));
    const resolved: Required<ExtractorPoolOptions> = {
      size,
      maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 512,
      maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb ?? 64,
      // Room for the largest legitimate job: a 100 MB file, pdf.js's copy of it and 200 MB of decoded streams.
      maxExternalMemoryMb: options.maxExternalMemoryMb ?? 1024,
      jobsPerWorker: options.jobsPerWorker ?? 100,
      // One OCR worker per core across the pool (rounded up: two cores and one extraction worker
      // read two pages of a scanned document at once).
      ocrWorkers: options.ocrWorkers ?? Math.max(1, Math.ceil(availableParallelism() / size)),
      nice: options.nice ?? EXTRACTION_NICE,
    };
    this.slots = Array.from({ length: resolved.size }, () => new Slot(resolved));
  }

  extract(input: ExtractInput): Promise<Extraction> {
    if (this.closed) return Promise.reject(new ExtractionError('failed', 'The document extractor is shutting down.'));
    const limits: ExtractionLimits = { ...DEFAULT_LIMITS, ...input.limits };
    if (input.bytes && input.bytes.length > limits.maxBytes) {
      return Promise.reject(
        new ExtractionError('too_large', `${describeKind(input.kind)} is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`),
      );
    }
    return new Promise<Extraction>((resolve, reject) => {
      this.queue.push({
        job: {
          kind: input.kind,
          bytes: input.bytes,
          path: input.path,
          limits,
          previewWidth: input.previewWidth,
          previewPage: input.previewPage,
          table: input.table,
          layout: input.layout,
        },
        resolve,
        reject,
      });
      this.pump();
    });
  }

  /** Starts every slot's worker in the background (a server about to take requests calls this). */
  warm(): void {
    if (!this.closed) for (const slot of this.slots) slot.warm();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) queued.reject(new ExtractionError('failed', 'The document extractor is shutting down.'));
    await Promise.all(this.slots.map((slot) => slot.stop()));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const next = this.queue.shift();
      if (!next) return;
      void slot.run(next).then(() => this.pump());
    }
  }
}

let defaultPool: ExtractorPool | undefined;

/** Text and metadata of one uploaded file, extracted in the sandbox (the default pool unless given one). */
export function extractDocument(input: ExtractInput, options: { pool?: ExtractorPool } = {}): Promise<Extraction> {
  const pool = options.pool ?? (defaultPool ??= new ExtractorPool());
  return pool.extract(input);
}

/** PNG of a PDF's first page, `width` pixels wide, rendered in the sandbox like an extraction. */
export async function renderPdfPreview(
  input: ({ bytes: Uint8Array; path?: never } | { path: string; bytes?: never }) & { limits?: Partial<ExtractionLimits> },
  options: { width: number; page?: number; pool?: ExtractorPool },
): Promise<Uint8Array> {
  const width = Math.min(Math.max(Math.round(options.width), 16), 4000);
  const result = await extractDocument({ ...input, kind: 'pdf', previewWidth: width, previewPage: options.page } as ExtractInput, {
    pool: options.pool,
  });
  if (!result.preview) throw new ExtractionError('failed', 'The PDF preview could not be drawn.');
  return result.preview;
}

/**
 * The first sheet of a CSV, XLSX or XLS file as rows of cell text (at most `limits.maxRows` rows
 * of 50 cells), read in the sandbox like an extraction. For imports such as vendor lists.
 */
export async function readTableRows(
  input: { bytes: Uint8Array; kind: TableKind; limits?: Partial<ExtractionLimits> },
  options: { pool?: ExtractorPool } = {},
): Promise<TableRows> {
  const result = await extractDocument({ bytes: input.bytes, kind: input.kind, limits: input.limits, table: input.kind }, options);
  if (!result.table) throw new ExtractionError('failed', 'The spreadsheet could not be read.');
  return result.table;
}

/** A PDF's positioned text and embedded e-invoice XML, for the invoice rules, read in the sandbox. */
export async function readInvoiceLayout(
  input: ({ bytes: Uint8Array; path?: never } | { path: string; bytes?: never }) & { limits?: Partial<ExtractionLimits> },
  options: { pool?: ExtractorPool } = {},
): Promise<InvoiceLayout> {
  const result = await extractDocument({ ...input, kind: 'pdf', layout: true } as ExtractInput, options);
  if (!result.layout) throw new ExtractionError('failed', 'The PDF layout could not be read.');
  return result.layout;
}
