/**
 * Procore and web search settings, parsed by `loadConfig` from the same environment (config.ts
 * stays the one entry point). Each is off until configured.
 */
import { z } from 'zod';
import { isWeakKey } from './config-checks';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));
const httpUrl = optionalText.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s) URL');

const integrationsEnv = z.object({
  PROCORE_CLIENT_ID: optionalText,
  PROCORE_CLIENT_SECRET: optionalText,
  PROCORE_REDIRECT_URI: httpUrl,
  PROCORE_LOGIN_URL: httpUrl.default('https://login.procore.com'),
  PROCORE_API_URL: httpUrl.default('https://api.procore.com'),
  /** 32 bytes, base64 or hex: encrypts stored Procore tokens (AES-256-GCM). */
  KAI_ENCRYPTION_KEY: optionalText,
  WEB_SEARCH_PROVIDER: z.enum(['searxng', 'brave', 'tavily']).optional(),
  SEARXNG_URL: httpUrl,
  BRAVE_API_KEY: optionalText,
  BRAVE_API_URL: httpUrl.default('https://api.search.brave.com'),
  TAVILY_API_KEY: optionalText,
  TAVILY_API_URL: httpUrl.default('https://api.tavily.com'),
  /** Off: answers cite the providers' snippets only; on: the top result pages are read too (through the safe fetcher). */
  WEB_SEARCH_READ_PAGES: z.enum(['0', '1', 'true', 'false', '']).optional(),
});

export interface ProcoreConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  loginUrl: string;
  apiUrl: string;
  /** Absent outside production: a key derived from KAI_SECRET or the data store's secret is used. */
  encryptionKey?: Buffer;
}

export type WebSearchConfig =
  | { provider: 'searxng'; url: string; readPages: boolean }
  | { provider: 'brave'; url: string; apiKey: string; readPages: boolean }
  | { provider: 'tavily'; url: string; apiKey: string; readPages: boolean };

export interface IntegrationsConfig {
  procore?: ProcoreConfig;
  webSearch?: WebSearchConfig;
}

function keyFrom(value: string, fail: (message: string) => never): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) fail('KAI_ENCRYPTION_KEY must be 32 bytes, written as 64 hex digits or base64');
  return key;
}

export function integrationsConfigFrom(
  source: Record<string, string | undefined>,
  context: { publicUrl: string; production: boolean },
  fail: (message: string) => never,
): IntegrationsConfig {
  const parsed = integrationsEnv.safeParse(source);
  if (!parsed.success) fail(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const e = parsed.data;
  let procore: ProcoreConfig | undefined;
  if (e.PROCORE_CLIENT_ID || e.PROCORE_CLIENT_SECRET) {
    if (!e.PROCORE_CLIENT_ID || !e.PROCORE_CLIENT_SECRET) fail('PROCORE_CLIENT_ID and PROCORE_CLIENT_SECRET are set together');
    if (context.production && !e.KAI_ENCRYPTION_KEY) fail('KAI_ENCRYPTION_KEY is required when NODE_ENV=production and Procore is configured');
    if (context.production && e.KAI_ENCRYPTION_KEY && isWeakKey(keyFrom(e.KAI_ENCRYPTION_KEY, fail))) {
      fail('KAI_ENCRYPTION_KEY is not a random key (zeros or a repeated pattern); generate one with: openssl rand -hex 32');
    }
    procore = {
      clientId: e.PROCORE_CLIENT_ID,
      clientSecret: e.PROCORE_CLIENT_SECRET,
      redirectUri: e.PROCORE_REDIRECT_URI ?? `${context.publicUrl}/procore/callback`,
      loginUrl: e.PROCORE_LOGIN_URL.replace(/\/+$/, ''),
      apiUrl: e.PROCORE_API_URL.replace(/\/+$/, ''),
      encryptionKey: e.KAI_ENCRYPTION_KEY ? keyFrom(e.KAI_ENCRYPTION_KEY, fail) : undefined,
    };
  }
  const readPages = e.WEB_SEARCH_READ_PAGES === '1' || e.WEB_SEARCH_READ_PAGES === 'true';
  let webSearch: WebSearchConfig | undefined;
  switch (e.WEB_SEARCH_PROVIDER) {
    case 'searxng':
      if (!e.SEARXNG_URL) fail('SEARXNG_URL is required when WEB_SEARCH_PROVIDER=searxng');
      webSearch = { provider: 'searxng', url: e.SEARXNG_URL.replace(/\/+$/, ''), readPages };
      break;
    case 'brave':
      if (!e.BRAVE_API_KEY) fail('BRAVE_API_KEY is required when WEB_SEARCH_PROVIDER=brave');
      webSearch = { provider: 'brave', url: e.BRAVE_API_URL.replace(/\/+$/, ''), apiKey: e.BRAVE_API_KEY, readPages };
      break;
    case 'tavily':
      if (!e.TAVILY_API_KEY) fail('TAVILY_API_KEY is required when WEB_SEARCH_PROVIDER=tavily');
      webSearch = { provider: 'tavily', url: e.TAVILY_API_URL.replace(/\/+$/, ''), apiKey: e.TAVILY_API_KEY, readPages };
      break;
    default:
      break;
  }
  return { procore, webSearch };
}
