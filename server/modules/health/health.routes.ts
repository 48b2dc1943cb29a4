import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '../../../contract/health';

/** Liveness never touches the database; readiness does. */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get('/healthz', { schema: { response: { 200: healthResponse } }, logLevel: 'warn' }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { response: { 200: readyResponse, 503: readyResponse } }, logLevel: 'warn' }, async (request, reply) => {
    try {
      await ping();
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
    }
  });
};
