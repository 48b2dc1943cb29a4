import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiTokenList, apiTokenParams, createApiTokenInput, createdApiToken } from '@contract/tokens';
import { requireAuth } from '../auth/auth.plugin';
import { refuseApiTokenCaller, type ApiTokensService } from './api-tokens.service';

export const apiTokensRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokensService }> = async (app, { apiTokens }) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('preHandler', async (request) => refuseApiTokenCaller(requireAuth(request).identity));

  app.get('/api/tokens', { schema: { response: { 200: apiTokenList } } }, async (request) => apiTokens.list(requireAuth(request).user));

  app.post('/api/tokens', { schema: { body: createApiTokenInput, response: { 201: createdApiToken } } }, async (request, reply) => {
    const created = await apiTokens.create(requireAuth(request).user, request.body);
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.delete('/api/tokens/:id', { schema: { params: apiTokenParams } }, async (request, reply) => {
    await apiTokens.revoke(requireAuth(request).user, request.params.id);
    return reply.status(204).send();
  });
};
