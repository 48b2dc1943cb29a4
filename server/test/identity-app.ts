import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { createAccountsService, type AccountsService } from '../modules/identity/accounts.service';
import { createOidcPayloadsRepository } from '../modules/identity/oidc-payloads.repository';
import { createUsersRepository } from '../modules/users/users.repository';
import { freePort } from './free-port';

export const ADMIN_EMAIL = 'admin@example.test';
export const ADMIN_PASSWORD = 'admin-password-for-tests';

export interface RunningApp {
  app: FastifyInstance;
  config: Readonly<Config>;
  database: DatabaseHandle;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The whole app on a real port: the issuer URL has to match what the browser calls. On a fresh
 * in-memory database unless `options.database` is given; that one is left open on close.
 */
export async function startApp(
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  options: { database?: DatabaseHandle } = {},
): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    KAI_PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'silent',
    KAI_WEB_DIST: '/nonexistent',
    KAI_ADMIN_EMAIL: ADMIN_EMAIL,
    KAI_ADMIN_PASSWORD: ADMIN_PASSWORD,
    KAI_AUTH_RATE_LIMIT: '1000',
    ...env,
  });
  const database = options.database ?? (await openDatabase({ dataDir: 'memory://' }));
  const app = await buildApp(config, { database, logStream });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    database,
    baseUrl,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** The accounts service over `db`, wired as the app wires it (signing out deletes the account's grants). */
export function accountsServiceOn(db: Database): AccountsService {
  const payloads = createOidcPayloadsRepository(db);
  return createAccountsService({
    accounts: createAccountsRepository(db),
    users: createUsersRepository(db),
    signOutEverywhere: (id) => payloads.deleteForAccount(id),
  });
}
