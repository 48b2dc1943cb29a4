import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../../../db/client';
import * as schema from '../../../db/schema';

/** In-memory PGlite migrated like `openDatabase`, but without pgvector: the 'not installed' case. */
export async function openPgliteWithoutVector(): Promise<{ db: Database; close: () => Promise<void> }> {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: fileURLToPath(new URL('../../../db/migrations', import.meta.url)) });
  return { db: db as unknown as Database, close: () => client.close() };
}
