import type { BuiltinIdentityConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { mintAccessToken, MAX_MINTED_TTL_SECONDS } from '../modules/identity/access-token';
import { ONE_TIME_PASSWORD_VALID_DAYS } from '../modules/identity/account-credentials';
import { createAccountsRepository, type AccountRow } from '../modules/identity/accounts.repository';
import { createAccountsService, displayName } from '../modules/identity/accounts.service';
import { createOidcPayloadsRepository } from '../modules/identity/oidc-payloads.repository';
import { createUsersRepository } from '../modules/users/users.repository';
import { runMoveIssuer, type MoveIssuerOptions } from './move-issuer.commands';
import { parseTtl } from './ttl';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Wrong arguments: exit code 2 and the usage text. */
export class UsageError extends Error {}

export interface UsersCommandInput {
  command: string;
  positionals: string[];
  options: { name?: string; admin?: boolean; password?: string; ttl?: string } & MoveIssuerOptions;
}

/** Said when a command needs the built-in provider and KAI signs in through another. */
export const EXTERNAL_PROVIDER_MESSAGE = 'OIDC_ISSUER is set, so KAI signs in through that provider: manage users there, not with this command.';

/** Which options each command takes; anything else is a usage error. */
const USERS_COMMAND_OPTIONS: Record<string, string[]> = {
  add: ['name', 'admin', 'password'],
  list: [],
  disable: [],
  enable: [],
  'reset-password': ['password'],
  'make-admin': [],
  'remove-admin': [],
  token: ['ttl'],
  'move-issuer': ['from', 'to', 'dry-run', 'replace-newer'],
};

/** Commands that name no account. */
const WITHOUT_EMAIL = ['list', 'move-issuer'];

/** Argument checks that need no database, so mistakes are reported at once. */
export function checkUsersArgs(input: UsersCommandInput): void {
  const allowed = USERS_COMMAND_OPTIONS[input.command];
  if (!allowed) throw new UsageError(`Unknown command: users ${input.command}`);
  const misplaced = Object.keys(input.options).find((key) => !allowed.includes(key));
  if (misplaced) throw new UsageError(`users ${input.command} does not take --${misplaced}`);
  const wanted = WITHOUT_EMAIL.includes(input.command) ? 0 : 1;
  if (input.positionals.length < wanted) throw new UsageError(`users ${input.command} needs an email address`);
  if (input.positionals.length > wanted) throw new UsageError(`Unexpected argument: ${input.positionals[wanted]}`);
  if (input.command === 'token') tokenTtl(input);
  if (input.command === 'move-issuer' && (!input.options.from || !input.options.to)) {
    throw new UsageError('users move-issuer needs --from <old issuer> and --to <new issuer>');
  }
}

function tokenTtl(input: UsersCommandInput): number {
  const ttl = parseTtl(input.options.ttl ?? '1h');
  if (!ttl || ttl > MAX_MINTED_TTL_SECONDS) {
    throw new UsageError(`--ttl must be like 30m, 1h, 3600s or 3600, at most 24h (got ${input.options.ttl})`);
  }
  return ttl;
}

/** `identity` is the built-in provider's; without it only `move-issuer` runs (it is for external issuers). */
export async function runUsersCommand(
  input: UsersCommandInput,
  deps: { database: DatabaseHandle; identity?: BuiltinIdentityConfig; io: CliIo },
): Promise<void> {
  const { database, identity, io } = deps;
  if (input.command === 'move-issuer') return runMoveIssuer(input.options, { database, io });
  if (!identity) throw new UsageError(EXTERNAL_PROVIDER_MESSAGE);
  const payloads = createOidcPayloadsRepository(database.db);
  const accounts = createAccountsService({
    accounts: createAccountsRepository(database.db),
    users: createUsersRepository(database.db),
    signOutEverywhere: (id) => payloads.deleteForAccount(id),
  });
  const email = () => input.positionals[0];

  switch (input.command) {
    case 'add': {
      const { account, generatedPassword } = await accounts.add({
        email: email(),
        name: input.options.name,
        role: input.options.admin ? 'admin' : 'user',
        password: input.options.password,
      });
      io.stdout(`Added ${account.role === 'admin' ? 'admin' : 'user'} ${account.email}.\n`);
      if (generatedPassword) io.stdout(generatedPasswordNote(generatedPassword));
      return;
    }
    case 'list': {
      io.stdout(formatTable(await accounts.list()));
      return;
    }
    case 'disable':
    case 'enable': {
      const disabled = input.command === 'disable';
      const account = await accounts.setDisabled(email(), disabled);
      io.stdout(
        disabled
          ? `Disabled ${account.email}. Their sessions and refresh tokens are revoked; their access tokens stop working now.\n`
          : `Enabled ${account.email}. They can sign in again.\n`,
      );
      return;
    }
    case 'reset-password': {
      const { account, generatedPassword } = await accounts.resetPassword(email(), input.options.password);
      io.stdout(`Set a new password for ${account.email}. Their existing sessions are signed out.\n`);
      if (generatedPassword) io.stdout(generatedPasswordNote(generatedPassword));
      return;
    }
    case 'make-admin':
    case 'remove-admin': {
      const account = await accounts.setRole(email(), input.command === 'make-admin' ? 'admin' : 'user');
      io.stdout(`${account.email} is now ${account.role === 'admin' ? 'an administrator' : 'a user'} (from their next sign-in or token refresh).\n`);
      return;
    }
    case 'token': {
      const { token, expiresAt } = await mintAccessToken(database.db, identity, email(), tokenTtl(input));
      // Only the token on stdout, so `$(npm run -s kai -- users token ...)` captures it cleanly.
      io.stdout(`${token}\n`);
      io.stderr(`Access token for ${identity.audience}, expires ${expiresAt.toISOString()}.\n`);
      return;
    }
    default:
      throw new UsageError(`Unknown command: users ${input.command}`);
  }
}

function formatTable(rows: AccountRow[]): string {
  if (rows.length === 0) return 'No accounts yet. Add one with: npm run kai -- users add <email>\n';
  const table = [
    ['EMAIL', 'NAME', 'ROLE', 'STATUS', 'CREATED'],
    ...rows.map((r) => [r.email, displayName(r) ?? '-', r.role, r.disabledAt ? 'disabled' : 'active', r.createdAt.toISOString().slice(0, 10)]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  return table.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}

function generatedPasswordNote(password: string): string {
  return `Password: ${password}\n(shown once: pass it on safely; it works for one sign-in within ${ONE_TIME_PASSWORD_VALID_DAYS} days, then they choose their own)\n`;
}
