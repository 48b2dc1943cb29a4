import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instanceExportParams } from '@contract/export';
import { requireAuth } from '../auth/auth.plugin';
import type { AdminService } from '../admin/admin.service';
import { type ExportFile, type ExportService } from './export.service';

export const exportRoutes: FastifyPluginAsyncZod<{ exporter: ExportService; admin: Pick<AdminService, 'requireAdmin'> }> = async (
  app,
  { exporter, admin },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/api/export', async (request, reply) => sendExport(reply, await exporter.userExport(requireAuth(request).user)));

  app.get(
    '/api/admin/download-export/:name',
    {
      schema: { params: instanceExportParams },
      // Before the name is validated: a non-administrator learns nothing about valid names. The
      // account's current role decides (every user's document text is in there), not the token's.
      preValidation: async (request) => admin.requireAdmin(requireAuth(request), 'Only administrators can export the whole instance', 'admin_only'),
    },
    async (request, reply) => sendExport(reply, exporter.instanceExport(requireAuth(request).user, request.params.name)),
  );
};

function sendExport(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(file.body));
}
