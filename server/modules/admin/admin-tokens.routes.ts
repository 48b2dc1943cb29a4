import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountIdParams, accountTokenParams, revokedApiTokens } from '@contract/admin';
import { apiTokenList } from '@contract/tokens';
import { requireAuth } from '../auth/auth.plugin';
import type { AdminTokensService } from './admin-tokens.service';
import type { AdminService } from './admin.service';

/** Administrators list and revoke any user's personal API tokens (a lost laptop, a compromised account). */
export const adminTokensRoutes: FastifyPluginAsyncZod<{ admin: Pick<AdminService, 'requireAdmin'>; tokens: AdminTokensService }> = async (
  app,
  { admin, tokens },
) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('preHandler', async (request) => admin.requireAdmin(requireAuth(request)));

  app.get('/api/admin/users/:accountId/tokens', { schema: { params: accountIdParams, response: { 200: apiTokenList } } }, async (request) =>
    tokens.list(request.params.accountId),
  );

  app.delete('/api/admin/users/:accountId/tokens', { schema: { params: accountIdParams, response: { 200: revokedApiTokens } } }, async (request) =>
    tokens.revokeAll(request.params.accountId),
  );

  app.delete('/api/admin/users/:accountId/tokens/:tokenId', { schema: { params: accountTokenParams } }, async (request, reply) => {
    await tokens.revoke(request.params.accountId, request.params.tokenId);
    return reply.status(204).send();
  });
};
