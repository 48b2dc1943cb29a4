import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { indexGuide } from './guide-indexer';
import { rowsOf } from './retrieval.repository';
import { createRetrievalService } from './retrieval.service';

const article = (title: string, body: string) => `# ${title}\n\n${body}\n\n## Details\n\n${body} More about ${title.toLowerCase()} here.\n`;

describe.each(databaseKinds)('guide indexing (%s)', (kind) => {
  let database: TestDatabase;
  let builtin: string;
  let custom: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    builtin = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-guide-'));
    custom = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-custom-'));
    fs.writeFileSync(
      path.join(builtin, 'retainage.md'),
      article('Retainage', 'Retainage is the share of each progress payment held back until the job is finished.'),
    );
    fs.writeFileSync(path.join(builtin, 'check-runs.md'), article('Check runs', 'A check run pays selected vendor invoices in one batch.'));
    fs.writeFileSync(path.join(builtin, 'README.md'), '# About this folder\n\nNot an article.');
    fs.writeFileSync(path.join(custom, 'retainage.md'), article('Our retainage policy', 'We hold ten percent on every subcontract.'));
  });
  afterEach(async () => {
    await indexGuide({ db: database.handle.db, dirs: [] });
    fs.rmSync(builtin, { recursive: true, force: true });
    fs.rmSync(custom, { recursive: true, force: true });
  });

  const db = () => database.handle.db;
  const chunkCounts = async () =>
    Object.fromEntries(
      rowsOf<{ key: string; n: number }>(
        await db().execute(sql`select document_key as key, count(*)::int as n from retrieval_chunks where corpus = 'guide' group by document_key`),
      ).map((r) => [r.key, r.n]),
    );
  const articles = async () =>
    rowsOf<{ slug: string; title: string; origin: string }>(await db().execute(sql`select slug, title, origin from guide_articles order by slug`));

  it('indexes cold, then does nothing while files are unchanged', async () => {
    expect(await indexGuide({ db: db(), dirs: [builtin, custom] })).toEqual({ indexed: 3, unchanged: 0, removed: 0 });
    expect(await articles()).toEqual([
      { slug: 'check-runs', title: 'Check runs', origin: 'builtin' },
      { slug: 'custom-retainage', title: 'Our retainage policy', origin: 'custom' },
      { slug: 'retainage', title: 'Retainage', origin: 'builtin' },
    ]);
    const before = await chunkCounts();
    const ids = rowsOf<{ id: string }>(await db().execute(sql`select id from retrieval_chunks order by id`));
    expect(await indexGuide({ db: db(), dirs: [builtin, custom] })).toEqual({ indexed: 0, unchanged: 3, removed: 0 });
    expect(await chunkCounts()).toEqual(before);
    expect(rowsOf<{ id: string }>(await db().execute(sql`select id from retrieval_chunks order by id`))).toEqual(ids);
  });

  it('re-indexes a changed article and removes a deleted one with its chunks', async () => {
    await indexGuide({ db: db(), dirs: [builtin] });
    fs.writeFileSync(path.join(builtin, 'retainage.md'), article('Retainage', 'Retainage rules changed: release happens at substantial completion.'));
    fs.rmSync(path.join(builtin, 'check-runs.md'));
    expect(await indexGuide({ db: db(), dirs: [builtin] })).toEqual({ indexed: 1, unchanged: 0, removed: 1 });
    expect(Object.keys(await chunkCounts())).toEqual(['retainage']);
    const service = createRetrievalService({ db: db() });
    expect((await service.searchGuide('substantial completion'))[0]).toMatchObject({ documentKey: 'retainage', title: 'Retainage' });
    expect(await service.searchGuide('check run batch vendor')).toEqual([]);
  });

  it('lets two instances index the same files at once without duplicating chunks', async () => {
    const results = await Promise.all([indexGuide({ db: db(), dirs: [builtin, custom] }), indexGuide({ db: db(), dirs: [builtin, custom] })]);
    expect(results.reduce((n, r) => n + r.indexed + r.unchanged, 0)).toBe(6);
    const single = await chunkCounts();
    await indexGuide({ db: db(), dirs: [] });
    await indexGuide({ db: db(), dirs: [builtin, custom] });
    expect(await chunkCounts()).toEqual(single);
  });

  it('stops between articles when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(indexGuide({ db: db(), dirs: [builtin], signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(await articles()).toEqual([]);
  });

  it('treats a missing directory as empty', async () => {
    expect(await indexGuide({ db: db(), dirs: [path.join(builtin, 'nope')] })).toEqual({ indexed: 0, unchanged: 0, removed: 0 });
  });
});
