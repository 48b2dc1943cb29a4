import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteDocumentResponse, documentDto, documentWithContent, uploadFields, uploadResponse } from '@contract/documents';
import type { UploadLimits } from '../../config';
import { AppError, NotFoundError } from '../../errors';
import { fileReply, previewName } from '../../http/file-reply';
import { allRefused, inspectUpload, receiveUpload, type RefusedFile } from '../../http/uploads';
import { requireAuth, type AuthContext } from '../auth/auth.plugin';
import type { DocumentRow } from './documents.repository';
import { toUploadResponse, type DocumentsService, type UploadPurposes } from './documents.service';

/** Any string: a malformed id answers 404 like another user's id (the service decides). */
const idParams = z.object({ id: z.string().max(100) });
const INLINE_KINDS = new Set<DocumentRow['kind']>(['png', 'jpeg', 'webp']);

export interface DocumentsRoutesOptions {
  documents: DocumentsService;
  /** What each upload purpose does (built in buildApp). */
  purposes: UploadPurposes;
  uploads: UploadLimits;
  /** PNG of a PDF's first page; absent: the preview route answers 404 for PDFs too. */
  renderPreview?: (document: DocumentRow) => Promise<Buffer>;
  /** Who may add guide knowledge: the caller's role as the accounts say now. */
  currentRole: (auth: AuthContext) => Promise<'user' | 'admin'>;
}

export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (
  app,
  { documents, purposes, uploads, renderPreview, currentRole },
) => {
  // Sign-in is checked before the body is read: an anonymous upload is refused unread.
  app.addHook('onRequest', app.requireUser);

  // One bad file fails alone: the answer lists what was stored and what failed; all failed is an error.
  app.post('/api/upload', { schema: { response: { 200: uploadResponse } } }, async (request, reply) => {
    const auth = requireAuth(request);
    // The account's current role, not the token's claim: knowledge text reaches every user's answers.
    const owner = { id: auth.user.id, role: await currentRole(auth) };
    const rules = {
      fields: uploadFields,
      maxFiles: uploads.maxFilesPerRequest,
      maxFileBytes: uploads.maxFileBytes,
      inspect: inspectUpload,
      noFiles: 'No files selected: send at least one file in the "files" field.',
    };
    return receiveUpload(request, reply, rules, async ({ fields, files, refused }) => {
      const outcomes = [...refused, ...(await purposes[fields.purpose](owner, files, fields))];
      const response = toUploadResponse(outcomes);
      if (response.files.length === 0) throw allRefused(outcomes.filter((outcome): outcome is RefusedFile => 'error' in outcome));
      return response;
    });
  });

  app.get('/api/documents', { schema: { response: { 200: z.array(documentDto) } } }, async (request) => documents.list(requireAuth(request).user.id));

  app.get('/api/documents/:id', { schema: { params: idParams, response: { 200: documentDto } } }, async (request) =>
    documents.get(requireAuth(request).user.id, request.params.id),
  );

  app.get('/api/document/:id', { schema: { params: idParams, response: { 200: documentWithContent } } }, async (request) =>
    documents.getWithContent(requireAuth(request).user.id, request.params.id),
  );

  app.delete('/api/documents/:id', { schema: { params: idParams, response: { 200: deleteDocumentResponse } } }, async (request) => {
    await documents.delete(requireAuth(request).user.id, request.params.id);
    return { success: true as const };
  });

  app.get('/api/documents/:id/download', { schema: { params: idParams } }, async (request, reply) => {
    const { document, bytes } = await documents.open(requireAuth(request).user.id, request.params.id);
    fileHeaders(reply, document, 'attachment');
    return reply.send(bytes);
  });

  // Images are shown in place; every other kind (PDF, DOCX, XLSX, CSV) is only ever a download.
  app.get('/api/documents/:id/content', { schema: { params: idParams } }, async (request, reply) => {
    const { document, bytes } = await documents.open(requireAuth(request).user.id, request.params.id);
    fileHeaders(reply, document, INLINE_KINDS.has(document.kind) ? 'inline' : 'attachment');
    return reply.send(bytes);
  });

  app.get('/api/documents/:id/preview', { schema: { params: idParams } }, async (request, reply) => {
    const document = await documents.findOwned(requireAuth(request).user.id, request.params.id);
    if (INLINE_KINDS.has(document.kind)) {
      const { bytes } = await documents.open(requireAuth(request).user.id, document.id);
      fileHeaders(reply, document, 'inline');
      return reply.send(bytes);
    }
    if (document.kind !== 'pdf' || !renderPreview) {
      throw new NotFoundError('Previews are available for PDFs and images only; download the file to open it.', 'preview_unavailable');
    }
    const png = await renderPreview(document);
    return fileReply(reply, { contentType: 'image/png', filename: previewName(document.filename), disposition: 'inline', length: png.length }).send(
      png,
    );
  });
};

function fileHeaders(reply: FastifyReply, document: DocumentRow, disposition: 'inline' | 'attachment'): void {
  if (disposition === 'inline' && !INLINE_KINDS.has(document.kind)) throw new AppError(500, 'internal_error', 'refusing to serve a document inline');
  fileReply(reply, { contentType: document.mime, filename: document.filename, disposition, length: document.size });
}
