import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, requireNoPlaceholderPassword, requireRealSecret, requireSecureAddresses } from './config-checks';
import { integrationsConfigFrom, type IntegrationsConfig } from './integrations-config';
import { voiceConfigFrom, type VoiceConfig } from './voice-config';

/**
 * The one place that reads process.env. Parsed once at boot; everything else receives the
 * frozen result. A production start with a missing or placeholder secret stops here, naming
 * the variable.
 */

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const list = optionalText.transform((v) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
    : [],
);

/**
 * Short enough that a request fails within a few seconds when PostgreSQL is down or frozen,
 * long enough for KAI's own statements (migrations run without the statement timeout).
 */
export const DEFAULT_DATABASE_TIMEOUTS: Readonly<DatabaseTimeouts> = Object.freeze({ connectMs: 3_000, statementMs: 5_000 });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  KAI_PUBLIC_URL: z.string().url().optional(),
  /** Lets production use plain http:// public and issuer addresses (README, configuration). */
  KAI_ALLOW_HTTP: flag,
  KAI_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  KAI_SECRET: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  KAI_TRUST_PROXY: flag,
  KAI_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  KAI_AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  KAI_CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  KAI_UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  KAI_IMAGE_HOSTS: list,
  KAI_DEV_MODE: flag,
  KAI_WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  // Off in HTTP processes when `npm run worker` processes do the extraction elsewhere.
  KAI_DOCUMENT_JOBS: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === '1' || v === 'true' || v === 'yes'),
  KAI_ADMIN_EMAILS: list,
  KAI_ADMIN_EMAIL: optionalText,
  KAI_ADMIN_PASSWORD: optionalText,
  KAI_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  KAI_REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(14 * 86_400),
  KAI_WEB_DIST: optionalText,
  OIDC_ISSUER: optionalText,
  OIDC_CLIENT_ID: optionalText,
  OIDC_AUDIENCE: optionalText,
  OIDC_ROLES_CLAIM: optionalText,
  OIDC_ADMIN_ROLE: z.string().default('admin'),
  OIDC_SEND_AUDIENCE_PARAM: flag,
  OIDC_EXTRA_SCOPES: optionalText,
  LLM_PROVIDER: z.enum(['openai', 'anthropic']).default('openai'),
  LLM_BASE_URL: optionalText,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  KAI_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(200_000),
  EMBEDDINGS_BASE_URL: optionalText,
  EMBEDDINGS_API_KEY: optionalText,
  EMBEDDINGS_MODEL: optionalText,
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(8).max(4096).default(1536),
  KAI_KNOWLEDGE_DIR: optionalText,
  KAI_SUPPORT_EMAIL: z.string().email().default('support@example.com'),
  KAI_COMPANY_NAME: z.string().min(1).max(100).default('Your Company'),
  KAI_UPLOAD_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  KAI_UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(100).default(10),
  KAI_UPLOAD_QUOTA_FILES: z.coerce.number().int().min(1).default(500),
  KAI_UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  KAI_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  KAI_EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  KAI_EXTRACTION_LOCK_MS: z.coerce.number().int().min(1000).optional(),
  KAI_IMPORT_LAYOUT: optionalText,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only; embedded PGlite runs in-process and has nothing to time out. */
  databaseTimeouts: DatabaseTimeouts;
  /** Secret for cookie signing and the built-in provider's cookie keys; generated per data store when absent outside production. */
  secret?: string;
  logLevel: string;
  trustProxy: boolean;
  bodyLimitBytes: number;
  authRateLimitPerMinute: number;
  /** Per signed-in user and minute, on each expensive route: chat answers, uploads and invoice batches. */
  userRateLimits: { chatPerMinute: number; uploadsPerMinute: number };
  /** Origins besides KAI's own that may serve images (users' profile pictures); none by default. */
  imageHosts: string[];
  devMode: boolean;
  /** HTTP processes to run (PostgreSQL only), and whether this process extracts queued documents. */
  processes: { http: number; documentJobs: boolean };
  webDistDir: string;
  admin: { emails: string[]; bootstrapEmail?: string; bootstrapPassword?: string };
  identity: IdentityConfig;
  /** Absent: KAI answers from retrieved passages alone. */
  llm?: LlmConfig;
  embeddings?: EmbeddingsConfig;
  /** Model tokens one user may spend per day; 0 means no limit. */
  dailyTokenBudget: number;
  /** The built-in guide first, then the administrator's own folder when set. */
  knowledgeDirs: string[];
  supportEmail: string;
  companyName: string;
  uploads: UploadLimits;
  /** JSON file with the Daily-Detail column layout; the built-in layout when absent. */
  importLayoutPath?: string;
  voice: VoiceConfig;
  /** Procore and web search: each off until configured. */
  integrations: IntegrationsConfig;
}

export interface DatabaseTimeouts {
  /** Opening a connection (network and start-up) gives up after this. */
  connectMs: number;
  /** PostgreSQL cancels a statement after this (statement_timeout); KAI stops waiting for it a second later. */
  statementMs: number;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFilesPerRequest: number;
  quotaFiles: number;
  quotaBytes: number;
  /** Documents and everything derived from them are purged this many days after upload. */
  retentionDays: number;
  extractionTimeoutMs: number;
  /**
   * How long a claimed document stays locked to its worker; a killed instance's claim is taken
   * again after this. Twice the extraction timeout unless set.
   */
  extractionLockMs: number;
}

export interface LlmConfig {
  provider: 'openai' | 'anthropic';
  /** OpenAI-compatible servers (OpenAI, Azure, Ollama, vLLM, llama.cpp, LM Studio) or Anthropic's API. */
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

interface EmbeddingsConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  dimensions: number;
}

type IdentityConfig =
  | {
      kind: 'builtin';
      issuer: string;
      clientId: string;
      audience: string;
      accessTokenTtlSeconds: number;
      refreshTokenTtlSeconds: number;
    }
  | {
      kind: 'external';
      issuer: string;
      clientId: string;
      audience: string;
      /** Send `audience` at /authorize: Auth0 needs it, Entra/Keycloak/Okta do not. */
      sendAudienceParam: boolean;
      rolesClaim?: string;
      adminRole: string;
      /** Added to the login scopes (Entra needs `api://{api-app-id}/access_as_user`). */
      extraScopes: string[];
    };

export type BuiltinIdentityConfig = Extract<IdentityConfig, { kind: 'builtin' }>;

export { ConfigError };

const BUILTIN_CLIENT_ID = 'kai-web';
/** The built-in Structure ERP guide ships with the code, wherever KAI is started from. */
const BUILTIN_KNOWLEDGE_DIR = fileURLToPath(new URL('../knowledge', import.meta.url));
const BUILTIN_AUDIENCE_PATH = '/api';

export function loadConfig(source: Record<string, string | undefined> = process.env): Readonly<Config> {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';

  if (production) {
    requireRealSecret('KAI_SECRET', e.KAI_SECRET);
    if (e.KAI_DEV_MODE) throw new ConfigError('KAI_DEV_MODE cannot be enabled when NODE_ENV=production');
    requireSecureAddresses(e);
  }
  if (typeof e.KAI_WORKERS === 'number' && e.KAI_WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError('KAI_WORKERS needs DATABASE_URL: the embedded database (PGlite) can be opened by one process only.');
  }
  if (e.KAI_SECRET && e.KAI_SECRET.length < 32) {
    throw new ConfigError('KAI_SECRET must be at least 32 characters');
  }
  if (e.KAI_ADMIN_PASSWORD) {
    if (production) requireRealSecret('KAI_ADMIN_PASSWORD', e.KAI_ADMIN_PASSWORD, 12);
    if (!e.KAI_ADMIN_EMAIL) throw new ConfigError('KAI_ADMIN_PASSWORD is set but KAI_ADMIN_EMAIL is missing');
  }
  if (e.DATABASE_URL && production) requireNoPlaceholderPassword(e.DATABASE_URL);
  if (production && e.LLM_API_KEY) requireRealSecret('LLM_API_KEY', e.LLM_API_KEY, 1);
  if (production && e.EMBEDDINGS_API_KEY) requireRealSecret('EMBEDDINGS_API_KEY', e.EMBEDDINGS_API_KEY, 1);
  if (production && source.SPEECH_API_KEY?.trim()) requireRealSecret('SPEECH_API_KEY', source.SPEECH_API_KEY.trim(), 1);
  if (production && source.PROCORE_CLIENT_SECRET?.trim()) requireRealSecret('PROCORE_CLIENT_SECRET', source.PROCORE_CLIENT_SECRET.trim(), 8);

  const publicUrl = (e.KAI_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  return Object.freeze({
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.KAI_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    secret: e.KAI_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.KAI_TRUST_PROXY,
    bodyLimitBytes: e.KAI_BODY_LIMIT_BYTES,
    authRateLimitPerMinute: e.KAI_AUTH_RATE_LIMIT,
    userRateLimits: { chatPerMinute: e.KAI_CHAT_RATE_LIMIT, uploadsPerMinute: e.KAI_UPLOAD_RATE_LIMIT },
    imageHosts: e.KAI_IMAGE_HOSTS.map(imageOrigin),
    devMode: e.KAI_DEV_MODE && !production,
    processes: {
      // 'auto' sizes to the cores, on PostgreSQL; PGlite is one process whatever is asked.
      http: e.KAI_WORKERS === 'auto' ? (e.DATABASE_URL ? os.availableParallelism() : 1) : e.KAI_WORKERS,
      documentJobs: e.KAI_DOCUMENT_JOBS,
    },
    webDistDir: path.resolve(e.KAI_WEB_DIST ?? 'dist/web'),
    admin: {
      emails: e.KAI_ADMIN_EMAILS,
      bootstrapEmail: e.KAI_ADMIN_EMAIL?.toLowerCase(),
      bootstrapPassword: e.KAI_ADMIN_PASSWORD,
    },
    identity: identityFrom(e, publicUrl),
    llm: llmFrom(e),
    embeddings: e.EMBEDDINGS_BASE_URL
      ? {
          baseUrl: e.EMBEDDINGS_BASE_URL,
          apiKey: e.EMBEDDINGS_API_KEY,
          model: required('EMBEDDINGS_MODEL', e.EMBEDDINGS_MODEL),
          dimensions: e.EMBEDDINGS_DIMENSIONS,
        }
      : undefined,
    dailyTokenBudget: e.KAI_DAILY_TOKEN_BUDGET,
    knowledgeDirs: [BUILTIN_KNOWLEDGE_DIR, ...(e.KAI_KNOWLEDGE_DIR ? [path.resolve(e.KAI_KNOWLEDGE_DIR)] : [])],
    supportEmail: e.KAI_SUPPORT_EMAIL,
    companyName: e.KAI_COMPANY_NAME,
    uploads: {
      maxFileBytes: e.KAI_UPLOAD_MAX_FILE_BYTES,
      maxFilesPerRequest: e.KAI_UPLOAD_MAX_FILES,
      quotaFiles: e.KAI_UPLOAD_QUOTA_FILES,
      quotaBytes: e.KAI_UPLOAD_QUOTA_BYTES,
      retentionDays: e.KAI_RETENTION_DAYS,
      extractionTimeoutMs: e.KAI_EXTRACTION_TIMEOUT_MS,
      extractionLockMs: e.KAI_EXTRACTION_LOCK_MS ?? e.KAI_EXTRACTION_TIMEOUT_MS * 2,
    },
    importLayoutPath: e.KAI_IMPORT_LAYOUT ? path.resolve(e.KAI_IMPORT_LAYOUT) : undefined,
    voice: voiceConfigFrom(source, (message) => {
      throw new ConfigError(message);
    }),
    integrations: integrationsConfigFrom(source, { publicUrl, production }, (message) => {
      throw new ConfigError(message);
    }),
  });
}

function llmFrom(e: z.output<typeof envSchema>): LlmConfig | undefined {
  const anthropic = e.LLM_PROVIDER === 'anthropic';
  if (!e.LLM_MODEL) {
    if (e.LLM_BASE_URL || e.LLM_API_KEY) throw new ConfigError('LLM_MODEL is required when LLM_BASE_URL or LLM_API_KEY is set');
    return undefined;
  }
  if (!anthropic && !e.LLM_BASE_URL && !e.LLM_API_KEY) {
    throw new ConfigError('LLM_BASE_URL (or LLM_API_KEY for api.openai.com) is required when LLM_MODEL is set');
  }
  if (anthropic && !e.LLM_API_KEY) throw new ConfigError('LLM_API_KEY is required for LLM_PROVIDER=anthropic');
  if (e.LLM_BASE_URL && !/^https?:\/\//.test(e.LLM_BASE_URL)) throw new ConfigError('LLM_BASE_URL must be an http(s) URL');
  return {
    provider: e.LLM_PROVIDER,
    baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''),
    apiKey: e.LLM_API_KEY,
    model: e.LLM_MODEL,
    timeoutMs: e.LLM_TIMEOUT_MS,
    maxRetries: e.LLM_MAX_RETRIES,
  };
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new ConfigError(`${name} is required`);
  return value;
}

function identityFrom(e: z.output<typeof envSchema>, publicUrl: string): IdentityConfig {
  if (!e.OIDC_ISSUER) {
    if (e.OIDC_CLIENT_ID || e.OIDC_AUDIENCE) {
      throw new ConfigError('OIDC_CLIENT_ID/OIDC_AUDIENCE are set but OIDC_ISSUER is missing');
    }
    return {
      kind: 'builtin',
      issuer: `${publicUrl}/oidc`,
      clientId: BUILTIN_CLIENT_ID,
      audience: `${publicUrl}${BUILTIN_AUDIENCE_PATH}`,
      accessTokenTtlSeconds: e.KAI_ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.KAI_REFRESH_TOKEN_TTL_SECONDS,
    };
  }
  if (!/^https?:\/\//.test(e.OIDC_ISSUER)) throw new ConfigError('OIDC_ISSUER must be an http(s) URL');
  if (!e.OIDC_CLIENT_ID) throw new ConfigError('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  if (!e.OIDC_AUDIENCE) throw new ConfigError('OIDC_AUDIENCE is required when OIDC_ISSUER is set');
  return {
    kind: 'external',
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    audience: e.OIDC_AUDIENCE,
    sendAudienceParam: e.OIDC_SEND_AUDIENCE_PARAM || /\.auth0\.com\/?$/i.test(e.OIDC_ISSUER),
    rolesClaim: e.OIDC_ROLES_CLAIM,
    adminRole: e.OIDC_ADMIN_ROLE,
    extraScopes: e.OIDC_EXTRA_SCOPES?.split(/[\s,]+/).filter(Boolean) ?? [],
  };
}

/** A CSP source for images: an https origin, optionally with a leading `*.` wildcard label. */
function imageOrigin(value: string): string {
  if (!/^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(value)) {
    throw new ConfigError(`KAI_IMAGE_HOSTS: "${value}" is not an https origin like https://s.gravatar.com`);
  }
  return value.toLowerCase();
}
