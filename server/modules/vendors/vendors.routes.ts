import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vendorDto, vendorListQuery, vendorUploadResponse } from '@contract/vendors';
import { AppError } from '../../errors';
import { receiveUpload } from '../../http/uploads';
import { requireAuth } from '../auth/auth.plugin';
import { vendorListTooLarge, type VendorsService } from './vendors.service';

const idParams = z.object({ id: z.string().max(100) });

export interface VendorsRoutesOptions {
  vendors: VendorsService;
  maxFileBytes: number;
}

export const vendorsRoutes: FastifyPluginAsyncZod<VendorsRoutesOptions> = async (app, { vendors, maxFileBytes }) => {
  // Sign-in is checked before the body is read: an anonymous upload is refused unread.
  app.addHook('onRequest', app.requireUser);

  // Any signed-in user may import: the list upserts the organisation's master and never deletes (ADR 005).
  app.post('/api/upload-vendor-list', { schema: { response: { 200: vendorUploadResponse } } }, async (request, reply) => {
    const { user } = requireAuth(request);
    const rules = {
      fields: z.object({}),
      maxFiles: 1,
      maxFileBytes,
      // The list's own reading tells a spreadsheet from anything else, with messages about vendor lists.
      inspect: async () => undefined,
      tooLarge: vendorListTooLarge,
      tooManyFiles: new AppError(413, 'too_many_parts', 'Send one vendor list at a time.'),
      noFiles: 'No file selected: send the vendor list in the "file" field.',
    };
    return receiveUpload(request, reply, rules, async ({ files: [file] }) => {
      const result = await vendors.importList({ filename: file.name, bytes: await readFile(file.path) });
      // The master is shared: who changed it stays on record.
      request.log.info(
        { userId: user.id, filename: file.name, created: result.created, updated: result.updated, skipped: result.skipped },
        'vendor list imported',
      );
      return result;
    });
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
