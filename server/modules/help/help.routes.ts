import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { helpArticlesResponse, helpTipInput, helpTipResponse } from '@contract/help';
import { requireAuth } from '../auth/auth.plugin';
import type { HelpService } from './help.service';

export const helpRoutes: FastifyPluginAsyncZod<{ help: HelpService }> = async (app, { help }) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/api/help/articles', { schema: { response: { 200: helpArticlesResponse } } }, async () => help.articles());

  app.post('/api/help/tip', { schema: { body: helpTipInput, response: { 200: helpTipResponse } } }, async (request) => ({
    tip: await help.tip(requireAuth(request).user.id, request.body),
  }));
};
