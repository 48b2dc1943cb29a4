import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { logRedactPaths, requestSerializer } from './logger';
import { authConfigRoutes } from './modules/auth/auth-config.routes';
import { authPlugin } from './modules/auth/auth.plugin';
import { createTokenVerifier, localKeys, remoteKeys } from './modules/auth/token-verifier';
import { createEmbeddingsClient } from './adapters/embeddings';
import { createLanguageModel } from './adapters/llm';
import { appInfoRoutes } from './modules/app-info/app-info.routes';
import { createChatRepository } from './modules/chat/chat.repository';
import { chatRoutes } from './modules/chat/chat.routes';
import { createChatService } from './modules/chat/chat.service';
import { createToolRegistry } from './modules/chat/knowledge-tools';
import { createRetrievalTools } from './modules/chat/retrieval-tools';
import { healthRoutes } from './modules/health/health.routes';
import { createRetrievalService, prepareVectorSearch } from './modules/retrieval';
import { documentsModule } from './modules/documents/documents.module';
import { createInvoiceTools } from './modules/invoices/invoice-tools';
import { createInvoicesRepository } from './modules/invoices/invoices.repository';
import { invoicesModule } from './modules/invoices/invoices.module';
import { searchVendorDirectory } from './modules/vendors/vendors.service';
import { createVendorsRepository } from './modules/vendors/vendors.repository';
import { vendorsModule } from './modules/vendors/vendors.module';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerTextGuard } from './plugins/text-guard';
import { registerWebApp } from './plugins/web-app';

export interface AppDeps {
  database: DatabaseHandle;
  /** Tests read the log to prove secrets stay out of it. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole app; `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
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
  });
  registerErrorHandler(app);
  registerTextGuard(app);

  const { db } = deps.database;
  const identity = config.identity;
  await registerSecurity(app, {
    identityOrigin: identity.kind === 'external' ? new URL(identity.issuer).origin : undefined,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    userRateLimits: config.userRateLimits,
    imageHosts: config.imageHosts,
  });

  // Loaded only when used: with an external issuer the built-in provider's code never runs.
  const builtin =
    identity.kind === 'builtin'
      ? await (await import('./modules/identity/builtin-identity')).createBuiltinIdentity({ config, identity, db, log: app.log })
      : undefined;
  const verify = createTokenVerifier({
    issuer: identity.issuer,
    audience: identity.audience,
    keys: builtin ? localKeys(builtin.publicJwks) : remoteKeys(identity.issuer),
    requiredType: builtin ? 'at+jwt' : undefined,
  });
  const users = createUsersService(createUsersRepository(db), {
    adminEmails: config.admin.emails,
    adminRole: identity.kind === 'external' ? identity.adminRole : 'admin',
  });
  await app.register(authPlugin, {
    verify,
    users,
    devMode: config.devMode,
    rolesClaim: identity.kind === 'external' ? identity.rolesClaim : 'roles',
    isSubjectActive: builtin?.isSubjectActive,
  });

  const embeddings = config.embeddings ? createEmbeddingsClient(config.embeddings) : undefined;
  if (embeddings) await prepareVectorSearch({ db, embeddings });
  const retrieval = createRetrievalService({ db, embeddings, log: app.log });
  const vendors = createVendorsRepository(db);
  const invoices = createInvoicesRepository(db);
  const chat = createChatService({
    chats: createChatRepository(db),
    tools: createToolRegistry([
      ...createRetrievalTools(retrieval),
      ...createInvoiceTools({ invoices, searchVendors: (query, limit) => searchVendorDirectory(vendors, query, limit) }),
    ]),
    model: config.llm ? { model: createLanguageModel(config.llm), timeoutMs: config.llm.timeoutMs, maxRetries: config.llm.maxRetries } : undefined,
    dailyTokenBudget: config.dailyTokenBudget,
  });

  await app.register(healthRoutes, { ping: deps.database.ping });
  await app.register(authConfigRoutes, { config });
  await app.register(appInfoRoutes, { config });
  await app.register(usersRoutes, { users });
  await app.register(chatRoutes, { chat });
  await app.register(documentsModule, { db, retrieval, uploads: config.uploads });
  await app.register(vendorsModule, { repository: vendors, extractionTimeoutMs: config.uploads.extractionTimeoutMs });
  await app.register(invoicesModule, { repository: invoices, vendors, uploads: config.uploads, importLayoutPath: config.importLayoutPath });
  if (builtin) await builtin.register(app);
  await registerWebApp(app, config.webDistDir);
  return app;
}
