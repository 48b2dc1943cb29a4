import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readInvoiceLayout, type InvoiceLayout } from '../../adapters/extractors';
import type { UploadLimits } from '../../config';
import { DEFAULT_IMPORT_LAYOUT, loadImportLayout, type ImportLayout } from '../../import-files';
import { parseInvoiceLayout } from '../../invoice-reading';
import { rememberVendorAlias, matchVendors } from '../vendors/vendor-matching';
import { normalizeVendorName } from '../vendors/vendor-names';
import type { VendorsRepository } from '../vendors/vendors.repository';
import { createInvoiceConfirmation } from './invoice-confirmation';
import type { InvoicesRepository } from './invoices.repository';
import { invoicesRoutes } from './invoices.routes';
import { createInvoicesService } from './invoices.service';

export interface InvoicesModuleOptions {
  repository: InvoicesRepository;
  vendors: VendorsRepository;
  uploads: UploadLimits;
  /** JSON column layout of the Daily-Detail sheet; the built-in one when absent. */
  importLayoutPath?: string;
}

/** Invoice upload, review, confirmation and import files; PDFs are kept by the documents module. */
export const invoicesModule = fp(
  async (app: FastifyInstance, options: InvoicesModuleOptions) => {
    // A broken layout file is the administrator's to fix: refuse to start rather than write wrong files.
    const layout: ImportLayout = options.importLayoutPath ? await loadImportLayout(options.importLayoutPath) : DEFAULT_IMPORT_LAYOUT;
    const vendorDeps = { repository: options.vendors };
    const invoices = createInvoicesService({
      repository: options.repository,
      documents: app.documents,
      vendors: { match: (hint) => matchVendors(vendorDeps, hint, 5) },
      readLayout: (file) =>
        readInvoiceLayout(
          { path: file, limits: { maxBytes: options.uploads.maxFileBytes, timeoutMs: options.uploads.extractionTimeoutMs } },
          { pool: app.extractorPool },
        ),
      parseLayout: (layout) => parseInvoiceLayout(layout),
      maxFileBytes: options.uploads.maxFileBytes,
    });
    // A PDF uploaded from the sidebar with the purpose 'invoice' is read like one from the dialog;
    // a PDF that holds no readable invoice stays an ordinary document.
    const layouts = new WeakMap<object, Promise<InvoiceLayout>>();
    app.documents.handlePurpose('invoice', {
      beforeStore: async (_owner, file) => {
        if (file.inspected.kind === 'pdf') layouts.set(file, invoices.startLayoutRead(file));
      },
      afterStore: async (owner, document, file) => {
        const layout = layouts.get(file);
        if (!layout) return;
        await invoices.readStoredPdf(owner, document, layout).catch((err: unknown) => {
          app.log.warn({ err, documentId: document.id }, 'an upload marked as invoice could not be read as one');
        });
      },
    });
    const confirmation = createInvoiceConfirmation({
      repository: options.repository,
      invoices,
      vendors: {
        findByName: async (name) => {
          const normalized = normalizeVendorName(name);
          return normalized ? options.vendors.findByNormalizedName(normalized) : undefined;
        },
        remember: (printedName, vendorId, userId) => rememberVendorAlias(vendorDeps, printedName, vendorId, userId),
      },
      layout: async () => layout,
    });
    await app.register(invoicesRoutes, {
      invoices,
      confirmation,
      documents: app.documents,
      renderPreview: app.renderPdfPreview,
      uploads: options.uploads,
    });
  },
  { name: 'kai-invoices', dependencies: ['kai-documents'] },
);
