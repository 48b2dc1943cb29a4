import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import Provider from 'oidc-provider';
import type { BuiltinIdentityConfig, Config } from '../../config';
import type { Database } from '../../db/client';
import type { SubjectStatus } from '../auth/auth.plugin';
import type { UsersService } from '../users/users.service';
import { createAccountsRepository } from './accounts.repository';
import { tokenStatus } from './access-token';
import { createAccountsService, type AccountsService } from './accounts.service';
import { createInstanceSettingsRepository } from './instance-settings.repository';
import { interactionRoutes } from './interaction.routes';
import { invitationRoutes } from './invitation.routes';
import { createOidcAdapter, createOidcPayloadsRepository } from './oidc-payloads.repository';
import { buildProviderConfig } from './provider-config';
import { loadCookieKeys, loadSigningKeys } from './signing-keys';

export interface BuiltinIdentityDeps {
  config: Config;
  identity: BuiltinIdentityConfig;
  db: Database;
  log: FastifyBaseLogger;
  /** API user rows follow their local account's disabling. */
  users: Pick<UsersService, 'setDisabled'>;
}

export interface BuiltinIdentity {
  /** Public signing keys: the API verifies access tokens with them. */
  publicJwks: JSONWebKeySet;
  /** Whether a verified token still speaks for its local account: not once it is disabled or its password was reset. */
  subjectStatus(subject: string, issuedAt: number | undefined): Promise<SubjectStatus>;
  accounts: AccountsService;
  /** Mounts the provider under /oidc plus its sign-in pages, and the invitation pages under /invite. */
  register(app: FastifyInstance): Promise<void>;
}

/** Where Fastify routes the provider; the issuer's path is what browsers see (the same unless a proxy strips a prefix). */
const MOUNT = '/oidc';
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export async function createBuiltinIdentity(deps: BuiltinIdentityDeps): Promise<BuiltinIdentity> {
  const { config, identity, db, log, users } = deps;
  const settings = createInstanceSettingsRepository(db);
  const signingKeys = await loadSigningKeys(settings);
  const cookieKeys = await loadCookieKeys(settings, config.secret);
  const payloads = createOidcPayloadsRepository(db);
  const accounts = createAccountsService({
    accounts: createAccountsRepository(db),
    users,
    signOutEverywhere: (accountId) => payloads.deleteForAccount(accountId),
  });

  const admin = await accounts.ensureAdminAccount(config.admin);
  if (admin?.password) announceAdminPassword(admin.email, admin.password);
  else if (admin) log.info({ email: admin.email }, 'created the admin account named by KAI_ADMIN_EMAIL');

  const basePath = new URL(identity.issuer).pathname.replace(/\/+$/, '');
  const provider = new Provider(
    identity.issuer,
    buildProviderConfig({
      identity,
      publicUrl: config.publicUrl,
      basePath,
      accounts,
      adapter: createOidcAdapter(db),
      signingKeys: signingKeys.privateJwks.keys,
      cookieKeys,
    }),
  );
  provider.proxy = config.trustProxy;
  provider.on('server_error', (_ctx, err) => log.error({ err }, 'OpenID provider error'));
  // A listener here also stops Koa from printing unhandled errors to stderr itself.
  (provider as unknown as NodeJS.EventEmitter).on('error', (err: Error) => log.error({ err }, 'OpenID provider request failed'));

  return {
    publicJwks: signingKeys.publicJwks,
    accounts,
    subjectStatus: async (subject, issuedAt) => tokenStatus(await accounts.findById(subject), issuedAt),

    async register(app) {
      const handle = provider.callback();
      // oidc-provider is a Koa app: it reads its own bodies, and derives its mount path from
      // `originalUrl` minus `url`, so hand it the raw request with the prefix moved over.
      const forward = (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        let rest = (raw.url ?? MOUNT).slice(MOUNT.length);
        if (!rest.startsWith('/')) rest = `/${rest}`;
        raw.originalUrl = `${basePath}${rest}`;
        raw.url = rest;
        void handle(raw, reply.raw);
      };
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        scope.post(`${MOUNT}/token`, { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } }, forward);
        scope.all(MOUNT, forward);
        scope.all(`${MOUNT}/*`, forward);
      });
      await app.register(interactionRoutes, {
        provider,
        accounts,
        publicUrl: config.publicUrl,
        basePath,
        clientId: identity.clientId,
        loginRateLimitPerMinute: config.authRateLimitPerMinute,
      });
      await app.register(invitationRoutes, { accounts, publicUrl: config.publicUrl, rateLimitPerMinute: config.authRateLimitPerMinute });

      await payloads.deleteExpired();
      const purge = setInterval(() => {
        payloads.deleteExpired().catch((err) => log.warn({ err }, 'could not purge expired sign-in records'));
      }, PURGE_INTERVAL_MS);
      purge.unref();
      app.addHook('onClose', async () => clearInterval(purge));
    },
  };
}

/** Printed, not logged: a one-time password must not end up in log aggregation. */
function announceAdminPassword(email: string, password: string): void {
  const lines = [
    'KAI created the first administrator account.',
    '',
    `  Email:    ${email}`,
    `  Password: ${password}`,
    '',
    'This password is shown only once and works for one sign-in within 7 days:',
    'KAI then asks for a password of your own. Lost or expired? Make a new one with:',
    `  npm run kai -- users reset-password ${email}`,
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const border = `+${'-'.repeat(width)}+`;
  process.stdout.write(`\n${border}\n${lines.map((l) => `| ${l.padEnd(width - 1)}|`).join('\n')}\n${border}\n\n`);
}
