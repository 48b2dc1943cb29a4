import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * PGlite is one process's database: two processes writing one data directory would corrupt it.
 * proper-lockfile keeps a lock directory fresh while we run; a lock left by a killed process goes
 * stale after `staleMs` and is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another KAI process is already using the data directory ${dataDir}. ` +
        'Stop it first, or give this one its own KAI_DATA_DIR (or a DATABASE_URL).',
    );
  }
}

export async function lockDataDir(dataDir: string, onCompromised: (err: Error) => void): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PGlite writes its files readable (even writable) by everyone under a lax umask; the directory
  // itself keeps other local accounts out of password hashes and documents.
  try {
    fs.chmodSync(dataDir, 0o700);
  } catch {
    // Not ours to change (a directory the operator set up): their permissions stand.
  }
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'kai.lock'),
      realpath: false,
      stale: 15_000,
      update: 5_000,
      onCompromised,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}
