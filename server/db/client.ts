import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from '../config';
import * as coreTables from './schema';
import * as featureTables from './schema-features';
import { lockDataDir } from './lock';

const schema = { ...coreTables, ...featureTables };
export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and PostgreSQL look the same from here. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a consistent copy of the database directory as a gzip tarball (a backup). */
  dumpDataDir?(): Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it only has to be the same for every KAI instance. */
const MIGRATION_LOCK_KEY = 4_242_001;
/**
 * KAI stops waiting this long after the server should have cancelled a statement itself: the
 * server's cancellation leaves the connection usable, so it gets the first chance.
 */
const QUERY_TIMEOUT_GRACE_MS = 1_000;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  onLockLost?: (err: Error) => void;
  /**
   * PostgreSQL only: an idle pooled connection failed (the server restarted, or an administrator
   * ended it). The pool drops that connection and the next query opens a new one.
   */
  onIdleConnectionError?: (err: Error) => void;
  /** PostgreSQL only: how long to wait for a connection and for a statement. */
  timeouts?: DatabaseTimeouts;
  /** PGlite only: fill the (empty) directory from this tarball of `dumpDataDir` before opening it. */
  loadDataDir?: Blob;
  /** PGlite only: false opens the schema as it is, so a backup copies the database unchanged. */
  migrate?: boolean;
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS, options.onIdleConnectionError)
    : openPglite(options);
}

async function openPostgres(
  url: string,
  timeouts: DatabaseTimeouts,
  onIdleConnectionError: (err: Error) => void = () => {},
): Promise<DatabaseHandle> {
  await migratePostgres(url, timeouts);
  // statement_timeout lets the server cancel a slow statement; query_timeout bounds the wait
  // when the server cannot answer at all (frozen host, dropped network), where only KAI can give up.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_GRACE_MS,
    keepAlive: true,
  });
  // Without a listener, an idle connection's error (a PostgreSQL restart) would crash the process.
  pool.on('error', onIdleConnectionError);
  pool.on('connect', (client) => {
    // pg-pool listens only while a connection is idle: one lent to a transaction that breaks would
    // raise an unhandled 'error' event and end the process. Its statements fail instead (503), and
    // the pool drops it when it comes back.
    client.on('error', () => {});
    closeOnQueryTimeout(client);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * A statement KAI stopped waiting for is still pending on its connection: the next statement
 * would queue behind it (a transaction's rollback, another timeout later), and the server may
 * still run it, leaving its transaction open for whoever borrows the connection next. So the
 * connection is closed at once: what is queued fails now, the server rolls back, the pool drops
 * it. (pg-pool's own pool.query drops it too, but drizzle's transactions use pool.connect.)
 */
function closeOnQueryTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') void client.end();
      });
    }
    return result;
  };
}

/**
 * Migrations run on a connection of their own without the statement timeout: a migration may
 * rightly take longer than any request should. Two instances starting together: the advisory
 * lock makes the second wait, then find every migration applied.
 */
async function migratePostgres(url: string, timeouts: DatabaseTimeouts): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

/**
 * When `err` means PostgreSQL could not be reached or did not answer in time, rather than that the
 * request was wrong (the same request may well succeed shortly): the driver's own words, without
 * the query and its parameters. Only the driver's error counts (as thrown, or wrapped once by
 * drizzle), so a model or identity server that refuses a connection is not taken for the database.
 */
export function databaseUnavailableReason(err: unknown): string | undefined {
  const driverError = err instanceof DrizzleQueryError ? err.cause : err;
  if (!(driverError instanceof Error)) return undefined;
  const code = (driverError as { code?: unknown }).code;
  const unavailable =
    (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) || DRIVER_GAVE_UP.test(driverError.message);
  return unavailable ? driverError.message : undefined;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** Connection exceptions, shutting down or starting up, too many connections, a statement cancelled by statement_timeout. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014)$/;
/** node-postgres and pg-pool say these in words only. */
const DRIVER_GAVE_UP =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/** Where PGlite keeps the database inside KAI_DATA_DIR (beside the lock and the operator socket). */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const inMemory = options.dataDir.startsWith('memory://');
  const unlock = inMemory
    ? async () => {}
    : await lockDataDir(
        options.dataDir,
        options.onLockLost ??
          ((err) => {
            throw err;
          }),
      );
  let client: PGlite;
  try {
    // pgvector is only registered here; it is created in the database only when embeddings are configured.
    const extensions = { vector, pg_trgm };
    client = inMemory ? new PGlite({ extensions }) : new PGlite(pgliteDirectory(options.dataDir), { extensions, loadDataDir: options.loadDataDir });
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        await unlock();
      },
      dumpDataDir: () => dumpPglite(client),
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}

/**
 * Inside a transaction no other statement of this process runs (PGlite has one connection and
 * queues everything else behind it), and CHECKPOINT first writes every committed change into the
 * data files, so the copy is one moment's database that starts without replaying the log.
 */
async function dumpPglite(client: PGlite): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  });
}
