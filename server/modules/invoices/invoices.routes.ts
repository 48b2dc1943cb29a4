import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_INVOICES_PER_BATCH,
  TOO_MANY_INVOICES_MESSAGE,
  confirmInvoiceInput,
  confirmInvoiceResponse,
  confirmInvoicesInput,
  confirmInvoicesResponse,
  importFormat,
  invoiceDto,
  parsedInvoice,
  uploadInvoiceResponse,
  uploadInvoicesResponse,
} from '@contract/invoices';
import type { UploadLimits } from '../../config';
import { AppError, ValidationError } from '../../errors';
import { fileReply, previewName } from '../../http/file-reply';
import { receiveUpload } from '../../http/uploads';
import { requireAuth } from '../auth/auth.plugin';
import type { DocumentRow } from '../documents/documents.repository';
import type { DocumentsService } from '../documents/documents.service';
import type { Confirmer, InvoiceConfirmation } from './invoice-confirmation';
import type { InvoiceRow } from './invoices.repository';
import { inspectPdf, storedParse, type InvoicesService } from './invoices.service';

const idParams = z.object({ id: z.string().max(100) });

export interface InvoicesRoutesOptions {
  invoices: InvoicesService;
  confirmation: InvoiceConfirmation;
  documents: Pick<DocumentsService, 'findOwned' | 'open'>;
  renderPreview: (document: DocumentRow, page?: number) => Promise<Buffer>;
  uploads: UploadLimits;
}

export const invoicesRoutes: FastifyPluginAsyncZod<InvoicesRoutesOptions> = async (app, options) => {
  const { invoices, confirmation, documents, renderPreview, uploads } = options;
  // Sign-in is checked before the body is read.
  app.addHook('onRequest', app.requireUser);
  const pdfs = {
    fields: z.object({}),
    maxFileBytes: uploads.maxFileBytes,
    inspect: inspectPdf,
    noFiles: 'No files selected: send a PDF in the "file" field.',
  };

  app.post('/api/upload-invoice', { schema: { response: { 200: uploadInvoiceResponse } } }, async (request, reply) => {
    const { user } = requireAuth(request);
    const rules = {
      ...pdfs,
      maxFiles: 1,
      tooManyFiles: new ValidationError('Send one PDF per call to /api/upload-invoice; use /api/upload-invoices for several.', 'too_many_files'),
    };
    return receiveUpload(request, reply, rules, async ({ files: [file] }) => ({
      parsed_invoice: await invoices.uploadOne({ id: user.id, role: user.role }, file),
    }));
  });

  app.post('/api/upload-invoices', { schema: { response: { 200: uploadInvoicesResponse } } }, async (request, reply) => {
    const { user } = requireAuth(request);
    const rules = { ...pdfs, maxFiles: MAX_INVOICES_PER_BATCH, tooManyFiles: new AppError(413, 'too_many_files', TOO_MANY_INVOICES_MESSAGE) };
    return receiveUpload(request, reply, rules, async (upload) => ({ results: await invoices.uploadMany({ id: user.id, role: user.role }, upload) }));
  });

  registerConfirmationRoutes(app, confirmation);

  app.get('/api/invoices', { schema: { response: { 200: z.array(invoiceDto) } } }, async (request) => invoices.list(requireAuth(request).user.id));

  app.get('/api/invoices/:id', { schema: { params: idParams, response: { 200: invoiceDto } } }, async (request) =>
    invoices.get(requireAuth(request).user.id, request.params.id),
  );

  /** A pending invoice discarded (its PDF stays among the owner's documents). */
  app.delete('/api/invoices/:id', { schema: { params: idParams } }, async (request, reply) => {
    await invoices.discard(requireAuth(request).user.id, request.params.id);
    return reply.code(204).send();
  });

  /** The parsed invoice again (fields, regions, checks), for a review reopened later. */
  app.get('/api/invoices/:id/parsed', { schema: { params: idParams, response: { 200: parsedInvoice } } }, async (request) =>
    invoices.getParsed(requireAuth(request).user.id, request.params.id),
  );

  app.get('/api/invoices/:id/preview', { schema: { params: idParams } }, async (request, reply) => {
    const userId = requireAuth(request).user.id;
    const { invoice, documentId } = await invoices.documentOf(userId, request.params.id);
    const document = await documents.findOwned(userId, documentId);
    // An invoice that starts on page 3 of its PDF is shown from page 3 (its regions are on it).
    const png = await renderPreview(document, firstPageOf(invoice));
    return fileReply(reply, { contentType: 'image/png', filename: previewName(document.filename), disposition: 'inline', length: png.length }).send(
      png,
    );
  });

  app.get('/api/invoices/:id/download', { schema: { params: idParams } }, async (request, reply) => {
    const userId = requireAuth(request).user.id;
    const { documentId } = await invoices.documentOf(userId, request.params.id);
    const { document, bytes } = await documents.open(userId, documentId);
    return fileReply(reply, { contentType: document.mime, filename: document.filename, disposition: 'attachment', length: document.size }).send(
      bytes,
    );
  });
};

/** Confirming invoices, and the import files written for them. */
function registerConfirmationRoutes(app: Parameters<FastifyPluginAsyncZod>[0], confirmation: InvoiceConfirmation) {
  app.post('/api/confirm-invoice', { schema: { body: confirmInvoiceInput, response: { 200: confirmInvoiceResponse } } }, async (request) => {
    const { body } = request;
    return confirmation.confirmOne(confirmerOf(request), {
      invoiceId: body.parsed_invoice.invoice_id,
      sessionId: body.session_id,
      isLast: body.is_last_invoice,
      choice: {
        mappings: body.mappings,
        totalOnly: body.invoice_total_only,
        invoiceVendor: body.invoice_vendor,
        corrections: body.corrections,
        acceptDifference: body.accept_difference,
      },
    });
  });

  app.post('/api/confirm-invoices', { schema: { body: confirmInvoicesInput, response: { 200: confirmInvoicesResponse } } }, async (request) => {
    const { body } = request;
    return confirmation.confirmMany(confirmerOf(request), {
      invoices: body.invoices.map((invoice) => ({
        invoiceId: invoice.invoice_id,
        corrections: invoice.corrections,
        acceptDifference: invoice.accept_difference,
      })),
      mappings: body.mappings,
      totalOnly: body.invoice_total_only,
    });
  });

  app.get(
    '/api/invoice-imports/:id/download',
    { schema: { params: idParams, querystring: z.object({ format: importFormat.default('xlsx') }) } },
    async (request, reply) => {
      const file = await confirmation.openImport(requireAuth(request).user.id, request.params.id, request.query.format);
      return fileReply(reply, { contentType: file.contentType, filename: file.filename, disposition: 'attachment' }).send(file.body);
    },
  );
}

/** Who is confirming, as the preview and the import files name them. */
function confirmerOf(request: FastifyRequest): Confirmer {
  const { user } = requireAuth(request);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'KAI user';
  return { id: user.id, name };
}

function firstPageOf(invoice: InvoiceRow): number {
  return storedParse(invoice).extracted.pages[0] ?? 1;
}
