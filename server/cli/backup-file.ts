import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/client';
import type { CliIo } from './users.commands';

/** A refusal or failure of backup/restore whose message is meant for the operator as it is. */
export class BackupError extends Error {}

/**
 * Writes a consistent copy of the embedded database to `file` (an absolute path): first to a
 * temporary file beside it, then renamed, so a failed or interrupted backup never leaves a
 * truncated FILE that looks like a good one. Mode 0600: the copy holds password hashes and keys.
 */
export async function writeBackup(database: DatabaseHandle, file: string, options: { force: boolean; io: CliIo }): Promise<void> {
  if (!database.dumpDataDir) throw new BackupError('Only the embedded database is backed up by this command');
  if (!options.force) await refuseExisting(file);
  const dump = new Uint8Array(await (await database.dumpDataDir()).arrayBuffer());
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const handle = await fs.open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(dump);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (!options.force) await refuseExisting(file);
    await fs.rename(temporary, file);
  } catch (err) {
    await fs.rm(temporary, { force: true });
    if (err instanceof BackupError) throw err;
    throw new BackupError(`Cannot write ${file}: ${(err as Error).message}`);
  }
  options.io.stdout(`Backup written to ${file} (${megabytes(dump.length)})\n`);
}

export async function refuseExisting(file: string): Promise<void> {
  const exists = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (exists) throw new BackupError(`${file} already exists: choose another name, or add --force to replace it`);
}

/**
 * Reads a backup and returns the tar inside it, for PGlite's `loadDataDir`, after checking it is
 * what `backup` writes: a gzip'd tarball of a PostgreSQL data directory (PG_VERSION at its root).
 * Checked before anything is moved, so a wrong file leaves the data directory as it was.
 */
export async function readBackup(file: string): Promise<Blob> {
  const notABackup = `${file} is not a KAI backup (a gzip'd PGlite data directory written by \`npm run kai -- backup\`)`;
  let compressed: Buffer;
  try {
    compressed = await fs.readFile(file);
  } catch (err) {
    throw new BackupError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  if (compressed[0] !== 0x1f || compressed[1] !== 0x8b) throw new BackupError(notABackup);
  let tar: Buffer;
  try {
    tar = await promisify(gunzip)(compressed);
  } catch {
    throw new BackupError(`${notABackup}: it is damaged or incomplete`);
  }
  if (!tarNames(tar).some((name) => name.replace(/^\/+/, '') === 'PG_VERSION')) throw new BackupError(notABackup);
  return new Blob([tar as Uint8Array<ArrayBuffer>], { type: 'application/x-tar' });
}

const TAR_BLOCK = 512;

/** The entry names of a ustar archive; stops at the end marker or at anything that is not a header. */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  for (let offset = 0; offset + TAR_BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + TAR_BLOCK);
    if (header.every((byte) => byte === 0) || header.toString('latin1', 257, 262) !== 'ustar') break;
    names.push(field(header, 0, 100));
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isSafeInteger(size)) break;
    offset += TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
  }
  return names;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.toString('latin1', 0, end < 0 ? length : end);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
