import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, databaseKinds } from '../test/databases';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The migrations up to and including `lastTag`, as a database deployed before 0005 has them. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kai-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface RawDatabase {
  migrate(folder: string): Promise<void>;
  query<T>(text: string): Promise<T[]>;
}

async function openRaw(kind: 'pglite' | 'postgres'): Promise<RawDatabase> {
  if (kind === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    cleanups.push(() => client.close());
    const db = drizzlePglite({ client });
    return {
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
    };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  cleanups.push(drop);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  cleanups.push(() => pool.end());
  const db = drizzlePg({ client: pool });
  return {
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
  };
}

const U = '00000000-0000-4000-8000-000000000001';
const PDF = '00000000-0000-4000-8000-0000000000d1';
const OTHER_PDF = '00000000-0000-4000-8000-0000000000d2';
const KEPT_BATCH = '00000000-0000-4000-8000-0000000000b1';
const EMPTY_BATCH = '00000000-0000-4000-8000-0000000000b2';
const WRITTEN_BATCH = '00000000-0000-4000-8000-0000000000b3';
const DEDUPED_BATCH = '00000000-0000-4000-8000-0000000000b4';

/** Invoice ids name what each row is, so the survivors read plainly. */
const SEED = `
  insert into users (id, issuer, subject) values ('${U}', 'https://issuer', 'clerk');
  insert into documents (id, owner_id, filename, mime, kind, size, sha256, blob_id, purpose, expires_at) values
    ('${PDF}', '${U}', 'two.pdf', 'application/pdf', 'pdf', 10, 'a', gen_random_uuid(), 'invoice', now() + interval '1 day'),
    ('${OTHER_PDF}', '${U}', 'one.pdf', 'application/pdf', 'pdf', 10, 'b', gen_random_uuid(), 'invoice', now() + interval '1 day');
  insert into import_batches (id, owner_id, client_session_id, blob_id) values
    ('${KEPT_BATCH}', '${U}', 'kept', null),
    ('${EMPTY_BATCH}', '${U}', 'failed-confirm', null),
    ('${WRITTEN_BATCH}', '${U}', 'written', gen_random_uuid()),
    ('${DEDUPED_BATCH}', '${U}', 'deduped', null);
  insert into invoices (id, owner_id, document_id, position, filename, file_size, status, parsed, batch_id, created_at) values
    ('10000000-0000-4000-8000-000000000001', '${U}', '${PDF}', 0, 'two.pdf', 10, 'pending', '{}', null, now() - interval '3 minutes'),
    ('10000000-0000-4000-8000-000000000002', '${U}', '${PDF}', 0, 'two.pdf', 10, 'confirmed', '{}', '${KEPT_BATCH}', now() - interval '2 minutes'),
    ('10000000-0000-4000-8000-000000000003', '${U}', '${PDF}', 0, 'two.pdf', 10, 'confirmed', '{}', '${DEDUPED_BATCH}', now() - interval '1 minute'),
    ('10000000-0000-4000-8000-000000000004', '${U}', '${PDF}', 1, 'two.pdf', 10, 'pending', '{}', null, now() - interval '3 minutes'),
    ('10000000-0000-4000-8000-000000000005', '${U}', '${PDF}', 1, 'two.pdf', 10, 'pending', '{}', null, now() - interval '2 minutes'),
    ('10000000-0000-4000-8000-000000000006', '${U}', '${OTHER_PDF}', 0, 'one.pdf', 10, 'pending', '{}', null, now()),
    ('10000000-0000-4000-8000-000000000007', '${U}', null, 0, 'purged.pdf', 10, 'pending', '{}', null, now());
`;

describe.each(databaseKinds)('migration 0005_security_invariants on existing data (%s)', (kind) => {
  it('keeps one invoice per PDF position, drops invoices without a PDF and empty batches, then enforces both', async () => {
    const db = await openRaw(kind);
    await db.migrate(migrationsUpTo('0004_invoices_and_vendors'));
    for (const statement of SEED.split(';').filter((s) => s.trim())) await db.query(statement);

    await db.migrate(migrationsFolder);

    const invoices = await db.query<{ id: string }>('select id from invoices order by id');
    // Position 0: the confirmed row read first; position 1: the first read; the other PDF's; no orphan.
    expect(invoices.map((row) => row.id.slice(-1))).toEqual(['2', '4', '6']);
    const batches = await db.query<{ id: string }>('select id from import_batches order by id');
    expect(batches.map((row) => row.id)).toEqual([KEPT_BATCH, WRITTEN_BATCH]);

    await expect(
      db.query(
        `insert into invoices (owner_id, document_id, position, filename, file_size, parsed) values ('${U}', '${PDF}', 1, 'two.pdf', 10, '{}')`,
      ),
    ).rejects.toThrow(/invoices_document_position_key/);
    await expect(
      db.query(`insert into invoices (owner_id, position, filename, file_size, parsed) values ('${U}', 5, 'x.pdf', 10, '{}')`),
    ).rejects.toThrow(/null value/);
    await db.query(`delete from documents where id = '${OTHER_PDF}'`);
    expect(await db.query(`select id from invoices where document_id = '${OTHER_PDF}'`)).toEqual([]);
  });
});
