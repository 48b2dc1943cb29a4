import { readFile, stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readTableRows } from '../../adapters/extractors';
import { AppError } from '../../errors';
import type { VendorsRepository } from './vendors.repository';
import { vendorsRoutes } from './vendors.routes';
import { createVendorsService, VENDOR_LIST_MAX_ROWS } from './vendors.service';

/** Vendor lists are small; anything bigger is almost certainly the wrong file. */
export const VENDOR_LIST_MAX_BYTES = 10 * 1024 * 1024;

export interface VendorsModuleOptions {
  repository: VendorsRepository;
  /** Wall clock for reading one list in the sandbox. */
  extractionTimeoutMs: number;
  maxFileBytes?: number;
}

/** The vendor master's routes; uploaded lists are read in the documents module's extractor sandbox. */
export const vendorsModule = fp(
  async (app: FastifyInstance, options: VendorsModuleOptions) => {
    const maxFileBytes = options.maxFileBytes ?? VENDOR_LIST_MAX_BYTES;
    const pool = app.extractorPool;
    const vendors = createVendorsService({
      repository: options.repository,
      readRows: (input) =>
        readTableRows(
          { ...input, limits: { maxBytes: maxFileBytes, maxRows: VENDOR_LIST_MAX_ROWS, timeoutMs: options.extractionTimeoutMs } },
          { pool },
        ),
    });
    // The sidebar's upload with the purpose 'vendor' imports the list before storing the file;
    // a file that is not a usable vendor list fails the upload with the same message.
    app.documents.handlePurpose('vendor', {
      beforeStore: async (owner, file) => {
        const { size } = await stat(file.path);
        if (size > maxFileBytes)
          throw new AppError(413, 'file_too_large', `${file.name}: vendor lists may be at most ${Math.round(maxFileBytes / 1024 / 1024)} MB.`);
        const result = await vendors.importList({ filename: file.name, bytes: await readFile(file.path) });
        app.log.info(
          { userId: owner.id, created: result.created, updated: result.updated, skipped: result.skipped },
          'vendor list imported from an upload',
        );
      },
    });
    await app.register(vendorsRoutes, { vendors, maxFileBytes });
  },
  { name: 'kai-vendors', dependencies: ['kai-documents'] },
);
