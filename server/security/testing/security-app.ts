import type { FastifyInstance } from 'fastify';
import type { BuiltinIdentityConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { createAccountsRepository } from '../../modules/identity/accounts.repository';
import { mintAccessToken } from '../../modules/identity/access-token';
import { buildTestApp, testConfig } from '../../test/app';

/**
 * The whole app with the built-in identity provider, so the route table holds every route there
 * is (the sign-in pages too), and signed-in callers with real access tokens. Rate limits are
 * raised: the suites send many requests, and a 429 would hide what they look for.
 */
const ENV = {
  KAI_ADMIN_EMAIL: 'admin@example.test',
  KAI_ADMIN_PASSWORD: 'admin-password-for-tests',
  KAI_AUTH_RATE_LIMIT: '100000',
  KAI_CHAT_RATE_LIMIT: '100000',
  KAI_UPLOAD_RATE_LIMIT: '100000',
};

export interface SecurityApp {
  app: FastifyInstance;
  /** `authorization` headers of a signed-in ordinary user with this email (created on first use). */
  as(email: string): Promise<{ authorization: string }>;
}

export async function buildSecurityApp(database: DatabaseHandle): Promise<SecurityApp> {
  const { app, services } = await buildTestApp(database, ENV);
  // Extraction is not under test here and would only compete for the CPU: the queue stays stopped.
  await services.documentQueue.stop();
  const identity = testConfig(ENV).identity as BuiltinIdentityConfig;
  const accounts = createAccountsRepository(database.db);
  const tokens = new Map<string, string>();
  return {
    app,
    async as(email) {
      let token = tokens.get(email);
      if (!token) {
        await accounts.insert({ email, passwordHash: 'not-used', firstName: email.split('@')[0], lastName: null, role: 'user' });
        token = (await mintAccessToken(database.db, identity, email, 3600)).token;
        tokens.set(email, token);
      }
      return { authorization: `Bearer ${token}` };
    },
  };
}
