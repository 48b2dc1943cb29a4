import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './lock';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and PostgreSQL look the same from here. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it only has to be the same for every KAI instance. */
const MIGRATION_LOCK_KEY = 4_242_001;

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
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.onIdleConnectionError) : openPglite(options);
}

async function openPostgres(url: string, onIdleConnectionError: (err: Error) => void = () => {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // Without a listener, an idle connection's error (a PostgreSQL restart) would crash the process.
  pool.on('error', onIdleConnectionError);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  // Two instances starting together: the advisory lock makes the second wait, then find
  // every migration applied.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const inMemory = options.dataDir.startsWith('memory://');
  const unlock = inMemory
    ? async () => {}
    : await lockDataDir(options.dataDir, options.onLockLost ?? ((err) => { throw err; }));
  let client: PGlite;
  try {
    // pgvector is only registered here; it is created in the database only when embeddings are configured.
    const extensions = { vector, pg_trgm };
    client = inMemory ? new PGlite({ extensions }) : new PGlite(path.join(options.dataDir, 'pgdata'), { extensions });
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
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
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}
