import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ExtractorPool } from '../../adapters/extractors';
import type { UploadLimits } from '../../config';
import type { Database } from '../../db/client';
import type { RetrievalService } from '../retrieval';
import { createPdfPreviewer } from './documents.preview';
import { createDocumentsRepository, type DocumentRow } from './documents.repository';
import { documentsRoutes } from './documents.routes';
import { createDocumentsService, type DocumentsService } from './documents.service';
import { startDocumentWorker, type DocumentWorker } from './documents.queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The extraction queue of this app: tests drive it with runOnce() when runWorker is false. */
    documentQueue: DocumentWorker;
    /** For modules that keep their files as documents (invoices). */
    documents: DocumentsService;
    extractorPool: ExtractorPool;
    renderPdfPreview: (document: DocumentRow, page?: number) => Promise<Buffer>;
  }
}

export interface DocumentsModuleOptions {
  db: Database;
  retrieval: RetrievalService;
  uploads: UploadLimits;
  /** false: the queue runs only when told (tests); default true. */
  runWorker?: boolean;
  pollMs?: number;
  /** Extractor workers; one pool per app, closed with it. */
  extractorPoolSize?: number;
}

/** Upload and document routes, the extraction queue's runner and its shutdown, as one plugin. */
export const documentsModule = fp(
  async (app: FastifyInstance, options: DocumentsModuleOptions) => {
    const pool = new ExtractorPool({ size: options.extractorPoolSize });
    const worker = startDocumentWorker({
      db: options.db,
      retrieval: options.retrieval,
      log: app.log.child({ module: 'documents' }),
      extractionTimeoutMs: options.uploads.extractionTimeoutMs,
      lockMs: options.uploads.extractionLockMs,
      maxFileBytes: options.uploads.maxFileBytes,
      pollMs: options.pollMs,
      autoStart: options.runWorker !== false,
      pool,
    });
    app.decorate('documentQueue', worker);
    app.addHook('onClose', async () => {
      await worker.stop();
      await pool.close();
    });

    const repository = createDocumentsRepository(options.db);
    const documents = createDocumentsService({
      repository,
      retrieval: options.retrieval,
      uploads: options.uploads,
      onQueued: () => worker.wake(),
    });
    const renderPreview = createPdfPreviewer({
      repository,
      pool,
      timeoutMs: options.uploads.extractionTimeoutMs,
      maxBytes: options.uploads.maxFileBytes,
    });
    app.decorate('documents', documents);
    app.decorate('extractorPool', pool);
    app.decorate('renderPdfPreview', renderPreview);
    await app.register(documentsRoutes, { documents, uploads: options.uploads, renderPreview });
  },
  { name: 'kai-documents' },
);
