import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, pgliteDirectory, type DatabaseHandle } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { userIssuerOf } from '../modules/users/user-issuer';
import { BackupError, readBackup, refuseExisting, writeBackup } from './backup-file';
import { countInstanceContents } from './backup.repository';
import { count } from './counts';
import { describeReach } from './restore-summary';
import { relayToRunningServer } from './operator-socket';
import { UsageError, type CliIo } from './users.commands';

export interface BackupCommandInput {
  command: 'backup' | 'restore';
  positionals: string[];
  options: { force?: boolean };
}

/** The server writes the whole database before it answers: a large one takes a while. */
const BACKUP_REPLY_TIMEOUT_MS = 30 * 60_000;

export function checkBackupArgs(input: { command: string; positionals: string[]; options: object }): void {
  const misplaced = Object.keys(input.options).find((key) => key !== 'force');
  if (misplaced) throw new UsageError(`${input.command} does not take --${misplaced}`);
  if (input.positionals.length < 1) throw new UsageError(`${input.command} needs a file name`);
  if (input.positionals.length > 1) throw new UsageError(`Unexpected argument: ${input.positionals[1]}`);
}

export async function runBackupCommand(input: BackupCommandInput, deps: { config: Config; io: CliIo }): Promise<number> {
  const { config, io } = deps;
  if (config.databaseUrl) throw new BackupError(postgresAdvice(input.command));
  const file = path.resolve(input.positionals[0]);
  const force = input.options.force ?? false;
  if (input.command === 'restore') {
    await restore(file, { dataDir: config.dataDir, issuer: userIssuerOf(config.identity), force, io });
    return 0;
  }
  return backup(file, { dataDir: config.dataDir, force, io });
}

function postgresAdvice(command: 'backup' | 'restore'): string {
  const line =
    command === 'backup' ? 'pg_dump -Fc -f kai.dump "$DATABASE_URL"' : 'pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" kai.dump';
  return `KAI uses PostgreSQL (DATABASE_URL), which has its own tools for this: ${line} (see "Backup and restore" in the README).`;
}

/** With KAI stopped the CLI copies the directory itself; while KAI runs, the server writes the copy. */
async function backup(file: string, options: { dataDir: string; force: boolean; io: CliIo }): Promise<number> {
  const { dataDir, force, io } = options;
  if (!force) await refuseExisting(file);
  if (!(await holdsDatabase(dataDir))) throw new BackupError(`There is no KAI database in ${dataDir} to back up (check KAI_DATA_DIR)`);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ dataDir, migrate: false });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const code = await relayToRunningServer(dataDir, { area: 'backup', file, force }, io, BACKUP_REPLY_TIMEOUT_MS);
    if (code === undefined) throw err;
    return code;
  }
  try {
    await writeBackup(database, file, { force, io });
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Only with no KAI on the data directory: its lock is taken while the old database is moved
 * aside, then the restored copy is opened the normal way, which applies this version's migrations.
 */
async function restore(file: string, options: { dataDir: string; issuer: string; force: boolean; io: CliIo }): Promise<void> {
  const { dataDir, force, io } = options;
  const tarball = await readBackup(file);
  const keptAs = await clearDataDir(dataDir, force);
  const kept = keptAs ? ` The previous database is kept in ${keptAs}.` : '';
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ dataDir, loadDataDir: tarball });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(`KAI started on ${dataDir} during the restore: stop it and restore again.${kept}`);
    throw new BackupError(`The restored database did not start: ${(err as Error).message}.${kept}`);
  }
  try {
    const found = await countInstanceContents(database.db);
    io.stdout(
      `Restored ${file} into ${dataDir}: ${count(found.users, 'user')}, ${count(found.chats, 'chat')}, ` +
        `${count(found.documents, 'document')}, ${count(found.invoices, 'invoice')}.${kept}\n`,
    );
    io.stdout(await describeReach(database.db, options.issuer));
  } finally {
    await database.close();
  }
}

/** Moves an existing database aside (with --force) under the lock; returns where it went. */
async function clearDataDir(dataDir: string, force: boolean): Promise<string | undefined> {
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir, () => {});
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(`KAI is running on ${dataDir}: stop it first, then restore.`);
    throw err;
  }
  try {
    if (!(await holdsDatabase(dataDir))) return undefined;
    if (!force) {
      throw new BackupError(`${dataDir} already holds a database: add --force to restore over it (the current one is moved aside, not deleted)`);
    }
    const keptAs = `${pgliteDirectory(dataDir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(pgliteDirectory(dataDir), keptAs);
    return keptAs;
  } finally {
    await unlock();
  }
}

/** Anything in the database directory counts: restoring over part of one would mix two databases. */
async function holdsDatabase(dataDir: string): Promise<boolean> {
  const entries = await fs.readdir(pgliteDirectory(dataDir)).catch(() => []);
  return entries.length > 0;
}
