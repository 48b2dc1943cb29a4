import { buildAppWithServices } from './app';
import { isClusterPrimary, isFirstProcess, runPrimary } from './cluster';
import { serveOperatorSocket } from './cli/operator-socket';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DataDirLockedError } from './db/lock';
import { createEmbeddingsClient } from './adapters/embeddings';
import { indexGuide } from './modules/retrieval';

const SHUTDOWN_DEADLINE_MS = 30_000;

/** Starts KAI: config, database (migrated), app, listen; stops cleanly on SIGTERM/SIGINT. */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (config.processes.http > 1 && isClusterPrimary()) {
    runPrimary(config.processes.http, (line) => process.stderr.write(`${line}\n`));
    return;
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeouts: config.databaseTimeouts,
      onLockLost: (err) => {
        process.stderr.write(`KAI lost the lock on its data directory (${err.message}); stopping.\n`);
        process.exit(1);
      },
      onIdleConnectionError: (err) => process.stderr.write(`KAI: a PostgreSQL connection failed (${err.message}); it will reconnect.\n`),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }

  const { app, services } = await buildAppWithServices(config, { database });
  const indexing = new AbortController();
  let guideIndexed: Promise<unknown> = Promise.resolve();
  let stopOperatorSocket = async () => {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      indexing.abort();
      await stopOperatorSocket();
      await app.close();
      await guideIndexed;
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // The first invoice or preview should not wait about 2 s for its extraction worker to start.
  services.pool.warm();
  if (database.kind === 'pglite') {
    // Lets `npm run kai -- users ...` and `backup` work while this process holds the data directory.
    const identity = config.identity.kind === 'builtin' ? config.identity : undefined;
    stopOperatorSocket = await serveOperatorSocket({ dataDir: config.dataDir, database, identity }).catch((err) => {
      app.log.warn({ err }, 'the operator socket could not start: stop KAI to run `npm run kai -- users ...` or `backup`');
      return stopOperatorSocket;
    });
  }
  // The guide is indexed after the server answers: only changed articles are re-indexed, and
  // questions asked meanwhile search what was indexed before.
  if (isFirstProcess()) {
    guideIndexed = indexGuide({
      db: database.db,
      dirs: config.knowledgeDirs,
      embeddings: config.embeddings ? createEmbeddingsClient(config.embeddings) : undefined,
      log: app.log,
      signal: indexing.signal,
    }).catch((err) => {
      if (!indexing.signal.aborted) app.log.error({ err }, 'indexing the Structure ERP guide failed');
    });
  }
  app.log.info({ database: database.kind, identity: config.identity.kind, devMode: config.devMode }, `KAI is ready at ${config.publicUrl}`);
}

function fail(message: string): never {
  process.stderr.write(`KAI cannot start: ${message}\n`);
  process.exit(1);
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  main().catch((err) => {
    process.stderr.write(`KAI failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
