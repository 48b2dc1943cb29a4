import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authConfigResponse, LOGIN_SCOPES, type AuthConfigResponse } from '@contract/auth';
import type { Config } from '../../config';

/** Public: the web app reads its OIDC settings at run time, so one build serves any provider. */
export const authConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { identity } = config;
  const body: AuthConfigResponse = {
    authority: identity.issuer,
    clientId: identity.clientId,
    audience: identity.kind === 'external' && identity.sendAudienceParam ? identity.audience : undefined,
    scope: [LOGIN_SCOPES, ...(identity.kind === 'external' ? identity.extraScopes : [])].join(' '),
    devMode: config.devMode,
    provider: identity.kind,
  };
  app.get('/api/auth/config', { schema: { response: { 200: authConfigResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return body;
  });
};
