import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vendorDto, vendorListQuery, vendorUploadResponse } from '@contract/vendors';
import { AppError, ValidationError } from '../../errors';
import { requireAuth } from '../auth/auth.plugin';
import { formatBytes, sanitizeFilename } from '../documents/filename';
import type { VendorsService } from './vendors.service';

const idParams = z.object({ id: z.string().max(100) });

export interface VendorsRoutesOptions {
  vendors: VendorsService;
  maxFileBytes: number;
}

export const vendorsRoutes: FastifyPluginAsyncZod<VendorsRoutesOptions> = async (app, { vendors, maxFileBytes }) => {
  // Sign-in is checked before the body is read: an anonymous upload is refused unread.
  app.addHook('onRequest', app.requireUser);
  await app.register(multipart, { limits: { fileSize: maxFileBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 } });

  // Any signed-in user may import: the list upserts the organisation's master and never deletes (ADR 005).
  app.post('/api/upload-vendor-list', { schema: { response: { 200: vendorUploadResponse } } }, async (request, reply) => {
    const { user } = requireAuth(request);
    try {
      const part = await request.file().catch((err: unknown) => {
        throw translateMultipartError(err, maxFileBytes);
      });
      if (!part) throw new ValidationError('No file selected: send the vendor list in the "file" field.', 'no_file');
      const filename = sanitizeFilename(part.filename);
      // busboy stops delivering at the limit but would read the request to the part's end.
      part.file.once('limit', () => part.file.destroy(translateMultipartError({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxFileBytes, filename) as Error));
      const bytes = await part.toBuffer().catch((err: unknown) => {
        throw translateMultipartError(err, maxFileBytes, filename);
      });
      const result = await vendors.importList({ filename, bytes });
      // The master is shared: who changed it stays on record.
      request.log.info(
        { userId: user.id, filename, created: result.created, updated: result.updated, skipped: result.skipped },
        'vendor list imported',
      );
      return result;
    } catch (err) {
      // The rest of the body may still be on its way: close rather than read it.
      reply.header('connection', 'close');
      throw err;
    }
  });

  app.get('/api/vendors', { schema: { querystring: vendorListQuery, response: { 200: z.array(vendorDto) } } }, async (request) => {
    requireAuth(request);
    return vendors.list(request.query.q);
  });

  app.get('/api/vendors/:id', { schema: { params: idParams, response: { 200: vendorDto } } }, async (request) => {
    requireAuth(request);
    return vendors.get(request.params.id);
  });
};

function translateMultipartError(err: unknown, maxFileBytes: number, filename = 'The vendor list'): unknown {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'file_too_large', `${filename} is larger than the ${formatBytes(maxFileBytes)} limit for vendor lists.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'unsupported_media_type', 'Send the vendor list as multipart/form-data in the "file" field.');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'too_many_parts', 'Send one vendor list at a time.');
    default:
      if (err instanceof Error && /multipart|Part terminated|Unexpected end/i.test(err.message)) {
        return new ValidationError('The upload was cut off or is not valid multipart/form-data.');
      }
      return err;
  }
}
