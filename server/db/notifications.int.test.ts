import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { waitFor } from '../test/wait-for';

const wakesReach = async (read: () => number, count: number, deadlineMs = 5_000) =>
  expect(
    await waitFor(
      async () => read(),
      (n) => n >= count,
      deadlineMs,
      20,
    ),
  ).toBe(count);
import { APPLICATION_NAME, listen, notify } from './notifications';

describe.runIf(process.env.DATABASE_URL)('LISTEN/NOTIFY between KAI processes (PostgreSQL)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => database.dispose());

  it('wakes a listener on another connection, survives a lost connection and stops when closed', async () => {
    let wakes = 0;
    const errors: Error[] = [];
    const listener = listen({ url: database.url!, channel: 'kai_test_queue', onNotify: () => wakes++, onError: (err) => errors.push(err) });
    // One wake-up on connecting: what was queued before anyone listened is looked for at once.
    await wakesReach(() => wakes, 1);
    await notify(database.handle.db, 'kai_test_queue');
    await notify(database.handle.db, 'another_channel');
    await wakesReach(() => wakes, 2);

    // An administrator ends the connection: the listener reports it once, reconnects and wakes again.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [
      APPLICATION_NAME,
    ]);
    await admin.end();
    await wakesReach(() => wakes, 3, 10_000);
    expect(errors).toHaveLength(1);
    await notify(database.handle.db, 'kai_test_queue');
    await wakesReach(() => wakes, 4);

    await listener.close();
    await notify(database.handle.db, 'kai_test_queue');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(wakes).toBe(4);
  }, 30_000);
});
