/**
 * Every service of KAI, built once and passed as arguments (STYLE.md 2): the one place that shows
 * what depends on what. `app.ts` registers the routes that use them.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createEmbeddingsClient } from './adapters/embeddings';
import { BACKGROUND_EXTRACTION_NICE, ExtractorPool, readInvoiceLayout, readTableRows } from './adapters/extractors';
import { createLanguageModel } from './adapters/llm';
import { createProcoreApi, procoreWebUrl } from './adapters/procore-api';
import { createProcoreOAuth } from './adapters/procore-oauth';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { listen, notify } from './db/notifications';
import { DEFAULT_IMPORT_LAYOUT, loadImportLayout } from './import-files';
import { parseInvoiceLayout } from './invoice-reading';
import { createApiTokensRepository } from './modules/api-tokens/api-tokens.repository';
import { createApiTokensService } from './modules/api-tokens/api-tokens.service';
import { createAdminService } from './modules/admin/admin.service';
import { createAdminTokensService } from './modules/admin/admin-tokens.service';
import { createTokenVerifier, localKeys, remoteKeys } from './modules/auth/token-verifier';
import { createChatRepository } from './modules/chat/chat.repository';
import { createChatService } from './modules/chat/chat.service';
import { createToolRegistry } from './modules/chat/knowledge-tools';
import { createRetrievalTools } from './modules/chat/retrieval-tools';
import { loadHelpArticles } from './modules/help/help-articles';
import { createHelpService, type HelpServiceDeps } from './modules/help/help.service';
import { createPdfPreviewer } from './modules/documents/documents.preview';
import { startDocumentWorker } from './modules/documents/documents.queue';
import { createDocumentsRepository } from './modules/documents/documents.repository';
import { createDocumentsService, type UploadPurposes } from './modules/documents/documents.service';
import { createExportRepository } from './modules/export/export.repository';
import { createExportService } from './modules/export/export.service';
import { createInstanceSettingsRepository } from './modules/identity/instance-settings.repository';
import { createInvoiceConfirmation } from './modules/invoices/invoice-confirmation';
import { createInvoiceTools } from './modules/invoices/invoice-tools';
import { createInvoicesRepository } from './modules/invoices/invoices.repository';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { createModelFill } from './modules/invoices/model-fill';
import { createProcoreTools } from './modules/procore/procore-tools';
import { createProcoreRepository } from './modules/procore/procore.repository';
import { createProcoreService } from './modules/procore/procore.service';
import { createTokenCipher, loadTokenKey } from './modules/procore/token-cipher';
import { createRetrievalService, prepareVectorSearch } from './modules/retrieval';
import { createModelBudget } from './modules/usage/model-budget';
import { createModelBudgetRepository } from './modules/usage/model-budget.repository';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { userIssuerOf } from './modules/users/user-issuer';
import { warnOfUsersUnderAnotherIssuer } from './modules/users/issuer-moves';
import { createVendorDirectory } from './modules/vendors/vendor-directory';
import { createVendorUploadIntake } from './modules/vendors/vendor-upload';
import { createVendorsRepository } from './modules/vendors/vendors.repository';
import { createVoiceEngines } from './modules/voice/voice-engines';
import { createVoiceRepository } from './modules/voice/voice.repository';
import { createVoiceService } from './modules/voice/voice.service';
import { webSearchToolsFor } from './modules/web-search/web-search-tools';
import { VENDOR_LIST_MAX_BYTES, VENDOR_LIST_MAX_ROWS, createVendorsService } from './modules/vendors/vendors.service';

export interface ServicesDeps {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}

export type Services = Awaited<ReturnType<typeof createServices>>;

export async function createServices(config: Config, { database, log }: ServicesDeps) {
  const { db } = database;
  const identity = config.identity;
  const usersRepository = createUsersRepository(db);
  const users = createUsersService(usersRepository, {
    adminEmails: config.admin.emails,
    adminRole: identity.kind === 'external' ? identity.adminRole : 'admin',
  });
  await warnOfUsersUnderAnotherIssuer(usersRepository, identity, log);
  // Loaded only when used: with an external issuer the built-in provider's code never runs.
  const builtin =
    identity.kind === 'builtin'
      ? await (await import('./modules/identity/builtin-identity')).createBuiltinIdentity({ config, identity, db, log, users })
      : undefined;
  const verify = createTokenVerifier({
    issuer: identity.issuer,
    keyedAs: userIssuerOf(identity),
    audience: identity.audience,
    keys: builtin ? localKeys(builtin.publicJwks) : remoteKeys(identity.issuer),
    requiredType: builtin ? 'at+jwt' : undefined,
  });

  const embeddings = config.embeddings ? createEmbeddingsClient(config.embeddings) : undefined;
  if (embeddings) await prepareVectorSearch({ db, embeddings });
  const retrieval = createRetrievalService({ db, embeddings, log });
  const files = createFileServices(config, { database, log, retrieval });
  const vendorDirectory = createVendorDirectory(createVendorsRepository(db));
  const invoicesRepository = createInvoicesRepository(db);
  const model = config.llm
    ? { model: createLanguageModel(config.llm), timeoutMs: config.llm.timeoutMs, maxRetries: config.llm.maxRetries }
    : undefined;
  const budget = createModelBudget({ repository: createModelBudgetRepository(db), dailyTokenBudget: config.dailyTokenBudget });
  const procore = await createProcore(config, { database, log });
  const chat = createChatService({
    chats: createChatRepository(db),
    tools: createToolRegistry([
      ...createRetrievalTools(retrieval, files.documents),
      ...createInvoiceTools({ invoices: invoicesRepository, searchVendors: vendorDirectory.search }),
      ...(procore ? createProcoreTools(procore) : []),
      ...webSearchToolsFor(config.integrations.webSearch, log.child({ module: 'web-search' })),
    ]),
    model,
    budget,
  });

  const vendors = createVendorsService({
    repository: createVendorsRepository(db),
    readRows: (input) =>
      readTableRows({ ...input, limits: { ...files.limits, maxBytes: VENDOR_LIST_MAX_BYTES, maxRows: VENDOR_LIST_MAX_ROWS } }, { pool: files.pool }),
  });
  const invoices = createInvoicesService({
    repository: invoicesRepository,
    documents: files.documents,
    vendors: vendorDirectory,
    readLayout: (file) => readInvoiceLayout({ path: file, limits: files.limits }, { pool: files.pool }),
    parseLayout: parseInvoiceLayout,
    fillFields: model ? createModelFill({ ...model, budget, log: log.child({ module: 'invoices' }) }) : undefined,
    log,
  });
  // A broken layout file is the administrator's to fix: refuse to start rather than write wrong files.
  const importLayout = config.importLayoutPath ? await loadImportLayout(config.importLayoutPath) : DEFAULT_IMPORT_LAYOUT;
  const confirmation = createInvoiceConfirmation({
    repository: invoicesRepository,
    invoices,
    vendors: vendorDirectory,
    layout: async () => importLayout,
  });

  /** What the sidebar's upload does for each purpose (POST /api/upload). */
  const uploadPurposes: UploadPurposes = {
    analyze: files.documents.storeFiles,
    report: files.documents.storeFiles,
    knowledge: files.documents.storeFiles,
    invoice: invoices.intake,
    vendor: createVendorUploadIntake({ vendors, documents: files.documents, log }),
  };

  const voice = await createVoice(config, { database, log });

  return {
    users,
    builtin,
    ...createAdministration(config, { db, users: usersRepository, accounts: builtin?.accounts }),
    verify,
    ...createAccountDataServices(database),
    chat,
    vendors,
    invoices,
    confirmation,
    uploadPurposes,
    voice,
    procore,
    help: await createHelp(config, { model, budget, log: log.child({ module: 'help' }) }),
    ...files,
    async close() {
      voice.close();
      await files.close();
    },
  };
}

/** What administrators manage: accounts and roles, and any user's API tokens. */
function createAdministration(
  config: Config,
  deps: {
    db: ServicesDeps['database']['db'];
    users: ReturnType<typeof createUsersRepository>;
    accounts: Parameters<typeof createAdminService>[0]['accounts'];
  },
) {
  const issuer = userIssuerOf(config.identity);
  return {
    admin: createAdminService({ accounts: deps.accounts, users: deps.users, issuer, publicUrl: config.publicUrl }),
    adminTokens: createAdminTokensService({ apiTokens: createApiTokensRepository(deps.db), users: deps.users, accounts: deps.accounts, issuer }),
  };
}

/** Voice: its engines are chosen once here (voice-engines.ts). */
async function createVoice(config: Config, { database, log }: ServicesDeps) {
  const repository = createVoiceRepository(database.db);
  const voiceLog = log.child({ module: 'voice' });
  return createVoiceService({
    repository,
    ...(await createVoiceEngines(config, { repository, log: voiceLog })),
    clipTtlSeconds: config.voice.clipTtlSeconds,
    log: voiceLog,
  });
}

/** Help articles from the built-in guide's help/ folder (knowledgeDirs[0]; the guide indexer skips sub-folders). */
async function createHelp(config: Config, deps: Omit<HelpServiceDeps, 'articles'>) {
  return createHelpService({ ...deps, articles: await loadHelpArticles(path.join(config.knowledgeDirs[0], 'help')) });
}

/**
 * Procore, when configured. Tokens are encrypted with KAI_ENCRYPTION_KEY, or a key derived from
 * KAI_SECRET or the data store's generated secret (token-cipher.ts).
 */
async function createProcore(config: Config, { database, log }: ServicesDeps) {
  const procore = config.integrations.procore;
  if (!procore) return undefined;
  const settings = createInstanceSettingsRepository(database.db);
  const key = await loadTokenKey({ configuredKey: procore.encryptionKey, secret: config.secret, readOrCreate: settings.readOrCreate });
  return createProcoreService({
    repository: createProcoreRepository(database.db),
    oauth: createProcoreOAuth(procore),
    api: createProcoreApi({ apiUrl: procore.apiUrl }),
    cipher: createTokenCipher(key),
    log: log.child({ module: 'procore' }),
    webUrl: procoreWebUrl(procore.apiUrl),
  });
}

/** Stored files: the extractor sandbox, the documents service, its extraction queue and previews. */
function createFileServices(config: Config, deps: ServicesDeps & { retrieval: ReturnType<typeof createRetrievalService> }) {
  const { db } = deps.database;
  const uploads = config.uploads;
  // Two lanes: a user waiting on an invoice or a preview never queues behind a long scanned
  // document the extraction queue is reading, and gets the CPU first when both run.
  const pool = new ExtractorPool();
  const queuePool = new ExtractorPool({ nice: BACKGROUND_EXTRACTION_NICE });
  const documentQueue = startDocumentWorker({
    db,
    retrieval: deps.retrieval,
    log: deps.log.child({ module: 'documents' }),
    extractionTimeoutMs: uploads.extractionTimeoutMs,
    lockMs: uploads.extractionLockMs,
    maxFileBytes: uploads.maxFileBytes,
    autoStart: config.processes.documentJobs,
    pool: queuePool,
  });
  const queued = announceQueuedDocuments(config, deps, () => documentQueue.wake());
  const repository = createDocumentsRepository(db);
  const documents = createDocumentsService({
    repository,
    retrieval: deps.retrieval,
    uploads,
    onQueued: () => {
      documentQueue.wake();
      queued.announce();
    },
  });
  const renderPdfPreview = createPdfPreviewer({ repository, pool, timeoutMs: uploads.extractionTimeoutMs, maxBytes: uploads.maxFileBytes });
  return {
    documents,
    documentQueue,
    renderPdfPreview,
    /** The sandbox for readers a user waits on (invoice layouts, vendor lists); previews use it too. */
    pool,
    limits: { maxBytes: uploads.maxFileBytes, timeoutMs: uploads.extractionTimeoutMs },
    /** Stops the queue, then the sandbox's workers. */
    async close() {
      await queued.close();
      await documentQueue.stop();
      await Promise.all([pool.close(), queuePool.close()]);
    },
  };
}

const QUEUED_CHANNEL = 'kai_document_queued';

/**
 * On PostgreSQL, a queued document is announced with NOTIFY, and a process that takes document
 * jobs LISTENs: `npm run worker` and other instances start on it at once, not at their next
 * 2-second poll (decision 029). PGlite is one process: its own wake-up is enough.
 */
function announceQueuedDocuments(config: Config, deps: ServicesDeps, wake: () => void) {
  const url = config.databaseUrl;
  const log = deps.log.child({ module: 'documents' });
  const listener =
    url && config.processes.documentJobs
      ? listen({
          url,
          channel: QUEUED_CHANNEL,
          onNotify: wake,
          onError: (err) => log.warn({ err }, 'listening for queued documents failed; polling meanwhile'),
          connectTimeoutMs: config.databaseTimeouts.connectMs,
        })
      : undefined;
  return {
    announce(): void {
      if (deps.database.kind !== 'postgres') return;
      notify(deps.database.db, QUEUED_CHANNEL).catch((err: unknown) => log.warn({ err }, 'announcing a queued document failed'));
    },
    close: async () => listener?.close(),
  };
}

/** Personal API tokens and the data exports. */
function createAccountDataServices({ db }: DatabaseHandle) {
  return {
    apiTokens: createApiTokensService(createApiTokensRepository(db)),
    exporter: createExportService(createExportRepository(db)),
  };
}
