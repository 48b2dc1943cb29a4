import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '@contract/health';

/** A load balancer's probe gives up after a few seconds; a database that has not answered by now counts as down. */
const READY_PING_TIMEOUT_MS = 1_500;

/** Liveness never touches the database; readiness does, and answers in bounded time. */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get('/healthz', { schema: { response: { 200: healthResponse } }, logLevel: 'warn' }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { response: { 200: readyResponse, 503: readyResponse } }, logLevel: 'warn' }, async (request, reply) => {
    try {
      await withinTime(ping(), READY_PING_TIMEOUT_MS);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
    }
  });
};

async function withinTime(work: Promise<void>, ms: number): Promise<void> {
  // The ping goes on after the deadline (the pool's own timeouts end it); its late failure is not news.
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
