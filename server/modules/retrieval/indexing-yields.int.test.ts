import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { createRetrievalService, type RetrievalService } from './retrieval.service';
import { madeUpProse } from './testing/made-up-prose';

/**
 * The most CPU time this process spent between two runs of a 10 ms timer while `run` went, its
 * end included: how long the event loop was held by work, apart from waits for a core that other
 * processes on a loaded machine cause (they stretch the wall-clock gaps, not this).
 */
async function longestHold<T>(run: () => Promise<T>): Promise<{ result: T; holdMs: number }> {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let last = cpuMs();
  let holdMs = 0;
  const probe = setInterval(() => {
    const now = cpuMs();
    holdMs = Math.max(holdMs, now - last);
    last = now;
  }, 10);
  try {
    const result = await run();
    return { result, holdMs: Math.max(holdMs, cpuMs() - last) };
  } finally {
    clearInterval(probe);
  }
}

describe.each(databaseKinds)('indexing a large document (%s)', (kind) => {
  let database: TestDatabase;
  let service: RetrievalService;
  let owner: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createRetrievalService({ db: database.handle.db });
    [{ id: owner }] = await database.handle.db.insert(users).values({ issuer: 'test', subject: 'indexing' }).returning({ id: users.id });
  });
  afterAll(() => database?.dispose());

  it('lets the event loop through while several megabytes of prose are chunked and written', async () => {
    const text = madeUpProse(3 * 1024 * 1024, { marker: 'Quarrystone' });
    const { result, holdMs } = await longestHold(() =>
      service.indexUploadedDocument({ ownerId: owner, documentId: crypto.randomUUID(), title: 'Project manual.pdf', pages: [{ page: 1, text }] }),
    );
    expect(result).toMatchObject({ warnings: [] });
    expect(result.chunks).toBeGreaterThan(1_000);
    // Chunked in one go and written in statements of 500 passages, this held the loop for the
    // whole indexing on PGlite (4 to 5 s of CPU); now the longest hold is one small statement.
    expect(holdMs).toBeLessThan(1_000);
    const [found] = await service.searchUploaded(owner, 'quarrystone');
    expect(found.text).toContain('Quarrystone');
  }, 120_000);
});
