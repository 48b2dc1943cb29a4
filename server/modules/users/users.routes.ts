import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, syncUserInput } from '@contract/users';
import { requireAuth } from '../auth/auth.plugin';
import { toCurrentUserDto, type UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.addHook('onRequest', app.requireUser);

  app.post('/api/user/sync', { schema: { body: syncUserInput, response: { 200: currentUser } } }, async (request) => {
    const { identity, user } = requireAuth(request);
    const updated = await users.sync(identity, user, request.body);
    return toCurrentUserDto(updated, identity.isDev);
  });

  app.get('/api/user/current', { schema: { response: { 200: currentUser } } }, async (request) => {
    const { identity, user } = requireAuth(request);
    return toCurrentUserDto(user, identity.isDev);
  });
};
