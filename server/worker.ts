import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { buildAppWithServices } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

const SHUTDOWN_DEADLINE_MS = 30_000;

/**
 * `npm run worker`: a KAI process that answers no HTTP and only extracts the documents queued in
 * PostgreSQL (text, OCR, passages), on this machine or another. Run the HTTP processes with
 * KAI_DOCUMENT_JOBS=false to leave every extraction to such workers.
 */
export async function runWorker(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  if (!config.databaseUrl) return fail('npm run worker needs DATABASE_URL: with the embedded database the server extracts documents itself.');
  if (!config.processes.documentJobs) return fail('KAI_DOCUMENT_JOBS is off, so this worker would have nothing to do.');

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  // The whole app is built for its services (the queue starts with them); nothing listens.
  const { app } = await buildAppWithServices(config, { database });
  await app.ready();
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'document worker stopping: finishing the jobs in hand');
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  app.log.info(`KAI document worker ${process.pid} is taking jobs from the queue`);
}

function fail(message: string): never {
  process.stderr.write(`KAI worker: ${message}\n`);
  process.exit(1);
}

const script = process.argv[1];
if (script && import.meta.url === pathToFileURL(fs.realpathSync(script)).href) await runWorker();
