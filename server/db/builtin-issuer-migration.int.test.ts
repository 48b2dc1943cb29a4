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

/** The migrations up to and including 0013: a database as the version before 0014 left it. */
function migrationsBefore0014(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kai-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0014');
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function openRaw(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    cleanups.push(() => client.close());
    const db = drizzlePglite({ client });
    return {
      migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }),
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
    };
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  cleanups.push(drop);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  cleanups.push(() => pool.end());
  const db = drizzlePg({ client: pool });
  return {
    migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
  };
}

const MIA = '00000000-0000-4000-8000-00000000000a';
const NOAH = '00000000-0000-4000-8000-00000000000b';
const OLGA = '00000000-0000-4000-8000-00000000000c';

/** Rows as 0013 wrote them: built-in users keyed by the provider's URL, Noah's split by an earlier move. */
const SEED = `
  insert into accounts (id, email, password_hash, must_change_password) values
    ('${MIA}', 'mia@example.test', 'h', false),
    ('${NOAH}', 'noah@example.test', 'h', false),
    ('${OLGA}', 'olga@example.test', 'h', true);
  insert into users (id, issuer, subject, last_seen_at) values
    ('10000000-0000-4000-8000-000000000001', 'http://localhost:5000/oidc', '${MIA}', now()),
    ('10000000-0000-4000-8000-000000000002', 'http://old-host:5000/oidc', '${NOAH}', now() - interval '9 days'),
    ('10000000-0000-4000-8000-000000000003', 'https://kai.example.test/oidc', '${NOAH}', now()),
    ('10000000-0000-4000-8000-000000000004', 'https://idp.example.test/', 'auth0|ext', now()),
    ('10000000-0000-4000-8000-000000000005', 'https://corp.example.test/oidc', 'someone', now()),
    ('10000000-0000-4000-8000-000000000006', 'urn:kai:dev', 'dev-user', now());
  insert into chat_sessions (user_id, number, title) values ('10000000-0000-4000-8000-000000000002', 1, 'Noah before the first move');
`;

describe.each(databaseKinds)('migration 0014 (%s)', (kind) => {
  it('keys built-in users by a name instead of the address, and gives pending one-time passwords 7 days', { timeout: 120_000 }, async () => {
    const database = await openRaw(kind);
    await database.migrate(migrationsBefore0014());
    for (const statement of SEED.split(';').filter((s) => s.trim())) await database.query(statement);
    await database.migrate(migrationsFolder);

    const users = await database.query<{ id: string; issuer: string }>('select id, issuer from users order by id');
    expect(users.map((row) => [row.id.slice(-1), row.issuer])).toEqual([
      ['1', 'urn:kai:builtin'],
      // Noah's row that holds his chat is his again; the empty one a later address made stays apart.
      ['2', 'urn:kai:builtin'],
      ['3', 'https://kai.example.test/oidc'],
      ['4', 'https://idp.example.test/'],
      ['5', 'https://corp.example.test/oidc'],
      ['6', 'urn:kai:dev'],
    ]);

    const accounts = await database.query<{ email: string; days: number | null }>(
      `select email, extract(epoch from password_expires_at - now()) / 86400 as days from accounts order by email`,
    );
    expect(accounts.map((row) => row.email)).toEqual(['mia@example.test', 'noah@example.test', 'olga@example.test']);
    expect(accounts.slice(0, 2).map((row) => row.days)).toEqual([null, null]);
    expect(Number(accounts[2].days)).toBeCloseTo(7, 1);
  });
});
