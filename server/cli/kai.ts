import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { AppError } from '../errors';
import { userIssuerOf } from '../modules/users/user-issuer';
import { checkBackupArgs, runBackupCommand } from './backup.commands';
import { relayToRunningServer } from './operator-socket';
import { checkUsersArgs, EXTERNAL_PROVIDER_MESSAGE, runUsersCommand, UsageError, type CliIo } from './users.commands';

export const USAGE = `Usage: npm run kai -- users <command> [options]
       npm run kai -- backup|restore <file> [--force]

Manage the local accounts of KAI's built-in sign-in and the users of an external one, and back
up the embedded database.

Commands:
  users add <email> [--name "First Last"] [--admin] [--password <pw>]
                                   Add an account (a password is generated and shown once
                                   unless --password is given)
  users list                       List accounts: email, name, role, status, created
  users disable <email>            Block sign-in and API access now, and end their sessions
  users enable <email>             Allow a disabled account again
  users reset-password <email> [--password <pw>]
                                   Set a new password (generated unless given)
  users make-admin <email>         Give an account administrator rights
  users remove-admin <email>       Take them away (KAI keeps one active administrator)
  users token <email> [--ttl 1h]   Print an API access token for scripts (30m, 1h, 3600s; max 24h)
  users move-issuer --from <old> --to <new> [--dry-run] [--replace-newer]
                                   After OIDC_ISSUER changed: the users of the old issuer become
                                   those of the new one, with their data, in one transaction
                                   (--dry-run shows who and what; --replace-newer deletes users
                                   who already signed in under the new issuer, and their data)
  backup <file> [--force]          Write a consistent copy of the embedded database, documents
                                   included, to <file> (--force replaces an existing file)
  restore <file> [--force]         Bring a backup back into KAI_DATA_DIR with KAI stopped (--force
                                   moves an existing database aside instead of refusing)

Options:
  -h, --help                       Show this help

A --password given on the command line stays in your shell history; prefer a generated one.

The command uses the same settings as the server (KAI_DATA_DIR or DATABASE_URL, KAI_PUBLIC_URL).
With the embedded database, a running server does the work for this command over a local socket
in its data directory that only the operator's account can open; with the server stopped, the
command opens the data directory itself. With PostgreSQL, back up with pg_dump (see the README).
`;

export interface RunIo extends CliIo {
  /** Environment to read the configuration from (tests pass their own). */
  env?: Record<string, string | undefined>;
}

const defaultIo: RunIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** The CLI without process globals: returns the exit code (0 ok, 1 failed, 2 usage). */
export async function run(argv: string[], io: RunIo = defaultIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        name: { type: 'string' },
        admin: { type: 'boolean' },
        password: { type: 'string' },
        ttl: { type: 'string' },
        force: { type: 'boolean' },
        from: { type: 'string' },
        to: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'replace-newer': { type: 'boolean' },
      },
    });
  } catch (err) {
    return usageFailure(io, (err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  const [area, command, ...rest] = positionals;
  if (area === 'backup' || area === 'restore') {
    const input = { command: area, positionals: positionals.slice(1), options: values } as const;
    try {
      checkBackupArgs(input);
      return await runBackupCommand(input, { config: loadConfig(io.env ?? process.env), io });
    } catch (err) {
      return err instanceof UsageError ? usageFailure(io, err.message) : failure(io, err);
    }
  }
  if (area !== 'users' || !command) return usageFailure(io, area ? `Unknown command: ${positionals.join(' ')}` : undefined);
  const input = { command, positionals: rest, options: values };
  try {
    checkUsersArgs(input);
  } catch (err) {
    return usageFailure(io, (err as Error).message);
  }

  let database: DatabaseHandle | undefined;
  try {
    const config = loadConfig(io.env ?? process.env);
    const builtin = config.identity.kind === 'builtin' ? config.identity : undefined;
    if (!builtin && command !== 'move-issuer') throw new ConfigError(EXTERNAL_PROVIDER_MESSAGE);
    if (command === 'move-issuer' && values.to !== userIssuerOf(config.identity)) {
      io.stderr(`Note: --to is not the issuer this configuration signs in with (${userIssuerOf(config.identity)}).\n`);
    }
    try {
      database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    } catch (err) {
      // The running server holds the embedded database: it runs the command for us over its local socket.
      const code = err instanceof DataDirLockedError ? await relayToRunningServer(config.dataDir, input, io) : undefined;
      if (code === undefined) throw err;
      return code;
    }
    await runUsersCommand(input, { database, identity: builtin, io });
    return 0;
  } catch (err) {
    return failure(io, err);
  } finally {
    await database?.close().catch(() => {});
  }
}

function failure(io: CliIo, err: unknown): number {
  io.stderr(`Error: ${describe(err)}\n`);
  return 1;
}

function usageFailure(io: CliIo, message?: string): number {
  io.stderr(`${message ? `${message}\n\n` : ''}${USAGE}`);
  return 2;
}

function describe(err: unknown): string {
  if (err instanceof DataDirLockedError) {
    return `${err.message}\nThe embedded database (PGlite) can be opened by one process at a time, and the process holding it did not answer on its operator socket: stop the KAI server before running this command, or run it as the operator account that started the server.`;
  }
  if (err instanceof AppError || err instanceof ConfigError) return err.message;
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') return `Cannot reach the database (${code}). Check DATABASE_URL.`;
  return err instanceof Error ? err.message : String(err);
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(fs.realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
