import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailableReason, openDatabase, type DatabaseHandle } from '../db/client';
import { createEmptyPostgresDatabase } from '../test/databases';
import { TcpProxy } from '../test/tcp-proxy';

const STATEMENT_TIMEOUT_MS = 1_000;
/** When KAI itself stops waiting for a statement (statement timeout plus its grace second). */
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 1_000;
const POOL_SIZE = 10;

const databaseUrl = process.env.DATABASE_URL;
const skipped = databaseUrl ? '' : ' (skipped: set DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run)';

/**
 * The connection pool itself, behind the same proxy: what happens to a transaction when
 * PostgreSQL freezes or goes away between its statements, and to the connection it leaves.
 */
describe.skipIf(!databaseUrl)(`the PostgreSQL pool under outages${skipped}`, () => {
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const created = await createEmptyPostgresDatabase();
    dropDatabase = created.drop;
    proxy = await TcpProxy.forUrl(created.url).start();
    database = await openDatabase({
      databaseUrl: proxy.urlFor(created.url),
      dataDir: '',
      timeouts: { connectMs: 1_000, statementMs: STATEMENT_TIMEOUT_MS },
    });
    await database.db.execute(sql`create table probe (v text not null)`);
  });

  afterAll(async () => {
    await proxy?.setMode('pass');
    await database?.close();
    await proxy?.stop();
    await dropDatabase();
  });

  it('cancels a slow statement on the server after the statement timeout', async () => {
    const started = Date.now();
    const err = await database.db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS + 750);
    expect(databaseUnavailableReason(err)).toMatch(/statement timeout/);
  });

  it('ends a transaction frozen mid-way within one query timeout, and its write is never committed', async () => {
    const started = Date.now();
    const err = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe (v) values ('cut off')`);
        await proxy.setMode('freeze');
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    // The rollback that follows must not wait out a second timeout behind the first.
    expect(Date.now() - started).toBeLessThan(QUERY_TIMEOUT_MS + 750);
    expect(databaseUnavailableReason(err)).toBeDefined();

    // Back: the frozen bytes reach the server now. The connection that carried the transaction
    // must be gone, or the next borrower's statements would run inside it and commit 'cut off'.
    await proxy.setMode('pass');
    await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into probe (v) values ('later')`);
          await tx.execute(sql`select pg_sleep(0.05)`);
        }),
      ),
    );
    const { rows } = (await database.db.execute(sql`select v, count(*)::int as n from probe group by v`)) as unknown as {
      rows: Array<{ v: string; n: number }>;
    };
    expect(rows).toEqual([{ v: 'later', n: POOL_SIZE }]);
  });

  it('survives a connection reset in the middle of a transaction, and serves once PostgreSQL is back', async () => {
    const err = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The connection is lent out and idle between statements: nobody in pg-pool listens.
        await proxy.setMode('refuse');
        await new Promise((r) => setTimeout(r, 100));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(databaseUnavailableReason(err)).toBeDefined();
    await proxy.setMode('pass');
    await database.ping();
  });
});
