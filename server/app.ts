import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { logRedactPaths, requestSerializer } from './logger';
import { registerUploads } from './http/uploads';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminTokensRoutes } from './modules/admin/admin-tokens.routes';
import { appInfoRoutes } from './modules/app-info/app-info.routes';
import { authConfigRoutes } from './modules/auth/auth-config.routes';
import { authPlugin } from './modules/auth/auth.plugin';
import { chatRoutes } from './modules/chat/chat.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { exportRoutes } from './modules/export/export.routes';
import { helpRoutes } from './modules/help/help.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { procoreRoutes } from './modules/procore/procore.routes';
import { usersRoutes } from './modules/users/users.routes';
import { vendorsRoutes } from './modules/vendors/vendors.routes';
import { voiceRoutes } from './modules/voice/voice.routes';
import { VENDOR_LIST_MAX_BYTES } from './modules/vendors/vendors.service';
import { registerErrorHandler } from './plugins/error-handler';
import { createRateLimitRepository } from './plugins/rate-limit.repository';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { registerSecurity } from './plugins/security';
import { registerTextGuard } from './plugins/text-guard';
import { registerWebApp } from './plugins/web-app';
import { createServices, type Services } from './services';
import { PROCESS_HEADER, processName } from './http/process-name';

export interface AppDeps {
  database: DatabaseHandle;
  /** Tests read the log to prove secrets stay out of it. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole app; `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  return (await buildAppWithServices(config, deps)).app;
}

/** The app and the services behind it (tests drive the extraction queue through them). */
export async function buildAppWithServices(config: Config, deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: logRedactPaths, censor: '[redacted]' },
      serializers: { req: requestSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header(PROCESS_HEADER, processName);
  });
  registerErrorHandler(app);
  registerTextGuard(app);

  const identity = config.identity;
  await registerSecurity(app, {
    identityOrigin: identity.kind === 'external' ? new URL(identity.issuer).origin : undefined,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    userRateLimits: config.userRateLimits,
    imageHosts: config.imageHosts,
    rateLimitStore:
      deps.database.kind === 'postgres'
        ? databaseRateLimitStore(createRateLimitRepository(deps.database.db), (err) => app.log.warn({ err }, 'purging rate-limit counters failed'))
        : undefined,
  });

  const services = await createServices(config, { database: deps.database, log: app.log });
  app.addHook('onClose', services.close);
  const { users, builtin, uploadPurposes } = services;
  await app.register(authPlugin, {
    verify: services.verify,
    users,
    devMode: config.devMode,
    rolesClaim: identity.kind === 'external' ? identity.rolesClaim : 'roles',
    subjectStatus: builtin?.subjectStatus,
    apiTokens: services.apiTokens,
  });
  await registerUploads(app);

  await app.register(healthRoutes, { ping: deps.database.ping });
  await app.register(authConfigRoutes, { config });
  await app.register(appInfoRoutes, { config, voice: services.voice.status() });
  await app.register(usersRoutes, { users });
  await app.register(adminRoutes, { admin: services.admin });
  await app.register(adminTokensRoutes, { admin: services.admin, tokens: services.adminTokens });
  await app.register(apiTokensRoutes, { apiTokens: services.apiTokens });
  await app.register(exportRoutes, { exporter: services.exporter, admin: services.admin });
  await app.register(chatRoutes, { chat: services.chat });
  await app.register(voiceRoutes, { voice: services.voice });
  await app.register(helpRoutes, { help: services.help });
  await app.register(procoreRoutes, { procore: services.procore });
  await app.register(documentsRoutes, {
    documents: services.documents,
    purposes: uploadPurposes,
    uploads: config.uploads,
    renderPreview: services.renderPdfPreview,
    currentRole: (auth) => services.admin.currentRole(auth),
  });
  await app.register(vendorsRoutes, { vendors: services.vendors, maxFileBytes: VENDOR_LIST_MAX_BYTES });
  await app.register(invoicesRoutes, {
    invoices: services.invoices,
    confirmation: services.confirmation,
    documents: services.documents,
    renderPreview: services.renderPdfPreview,
    uploads: config.uploads,
  });
  if (builtin) await builtin.register(app);
  await registerWebApp(app, config.webDistDir);
  return { app, services };
}
