import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  procoreAuthenticateInput,
  procoreAuthenticateResponse,
  procoreAuthUrlResponse,
  procoreCompaniesResponse,
  procoreDisconnectResponse,
  procoreStatus,
  selectProcoreCompanyInput,
} from '@contract/procore';
import { requireAuth } from '../auth/auth.plugin';
import { PROCORE_SETUP_HINT, procoreNotConfigured, type ProcoreService } from './procore.service';

/** Registered whether or not Procore is configured: unconfigured, status explains what to set and the rest say so. */
export const procoreRoutes: FastifyPluginAsyncZod<{ procore?: ProcoreService }> = async (app, { procore }) => {
  app.addHook('onRequest', app.requireUser);

  const configured = (): ProcoreService => {
    if (!procore) throw procoreNotConfigured();
    return procore;
  };

  app.get('/api/procore/status', { schema: { response: { 200: procoreStatus } } }, async (request) => {
    const { user } = requireAuth(request);
    if (!procore) return { configured: false, hint: PROCORE_SETUP_HINT, connected: false, company: null };
    return procore.status(user.id);
  });

  app.get('/api/procore/auth-url', { schema: { response: { 200: procoreAuthUrlResponse } } }, async (request) => ({
    authUrl: await configured().authUrl(requireAuth(request).user.id),
  }));

  app.post(
    '/api/procore/authenticate',
    { schema: { body: procoreAuthenticateInput, response: { 200: procoreAuthenticateResponse } } },
    async (request) => configured().authenticate(requireAuth(request).user.id, request.body.code, request.body.state),
  );

  app.get('/api/procore/companies', { schema: { response: { 200: procoreCompaniesResponse } } }, async (request) =>
    configured().companies(requireAuth(request).user.id),
  );

  app.post('/api/procore/company', { schema: { body: selectProcoreCompanyInput, response: { 200: procoreStatus } } }, async (request) =>
    configured().selectCompany(requireAuth(request).user.id, request.body.companyId),
  );

  app.post('/api/procore/disconnect', { schema: { response: { 200: procoreDisconnectResponse } } }, async (request) => {
    await configured().disconnect(requireAuth(request).user.id);
    return { success: true };
  });
};
