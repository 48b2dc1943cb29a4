import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmptyPostgresDatabase } from './databases';
import { freePort } from './free-port';
import { startMain, waitReady, type MainProcess } from './main-process';

export interface RestartableServer {
  base: string;
  /** PostgreSQL only: the database the server uses. */
  databaseUrl?: string;
  dataDir: string;
  /** Starts the server on the same data and port and waits until it is ready. */
  start(): Promise<MainProcess>;
  /** Kills whatever still runs and removes the data (and the PostgreSQL database). */
  cleanup(): Promise<void>;
}

/**
 * The real server (`main.ts`) in dev mode on a fresh data directory, and a fresh PostgreSQL
 * database for 'postgres', to be killed and started again on the same data.
 */
export async function restartableServer(kind: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<RestartableServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-restartable-'));
  const postgres = kind === 'postgres' ? await createEmptyPostgresDatabase() : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const fullEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    KAI_DATA_DIR: dataDir,
    KAI_PUBLIC_URL: base,
    KAI_DEV_MODE: '1',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  };
  const running = new Set<MainProcess>();
  return {
    base,
    databaseUrl: postgres?.url,
    dataDir,
    async start() {
      const main = startMain(fullEnv);
      running.add(main);
      void main.exited.then(() => running.delete(main));
      // Generous: the reliability files run side by side, and a start competes with their OCR for CPU.
      await waitReady(`${base}/readyz`, 120_000, main.exited).catch((err: Error) => {
        throw new Error(`${err.message}:\n${main.output()}`);
      });
      return main;
    },
    async cleanup() {
      for (const main of running) main.child.kill('SIGKILL');
      await Promise.all([...running].map((main) => main.exited));
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
