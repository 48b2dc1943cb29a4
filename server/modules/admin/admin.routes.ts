import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountIdParams, addUserInput, adminUserList, adminUserResult, setRoleInput } from '@contract/admin';
import { requireAuth } from '../auth/auth.plugin';
import type { AdminService } from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('preHandler', async (request) => admin.requireAdmin(requireAuth(request)));

  app.get('/api/admin/users', { schema: { response: { 200: adminUserList } } }, async () => admin.list());

  app.post('/api/admin/users', { schema: { body: addUserInput, response: { 201: adminUserResult } } }, async (request, reply) => {
    reply.code(201);
    return admin.add(request.body);
  });

  const byId = { params: accountIdParams, response: { 200: adminUserResult } };
  app.post('/api/admin/users/:accountId/disable', { schema: byId }, async (request) => admin.setDisabled(request.params.accountId, true));
  app.post('/api/admin/users/:accountId/enable', { schema: byId }, async (request) => admin.setDisabled(request.params.accountId, false));
  app.post('/api/admin/users/:accountId/reset-password', { schema: byId }, async (request) => admin.resetPassword(request.params.accountId));
  app.post('/api/admin/users/:accountId/invite', { schema: byId }, async (request) => admin.invite(request.params.accountId));
  app.put('/api/admin/users/:accountId/role', { schema: { ...byId, body: setRoleInput } }, async (request) =>
    admin.setRole(request.params.accountId, request.body.role),
  );
};
