import { afterAll, describe, expect, it, vi } from 'vitest';
import { ExtractorPool } from './extract';
import { EXTRACTION_NICE } from './thread-priority';
import { makeTextPdf, threadsAtNice } from './test-fixtures';

// Threads are told apart by their nice value, so this file's pools use values no other pool here does.
const RECYCLED_NICE = 17;
const LANE_NICE = 16;
const WARMED_NICE = 18;

const pdf = (n: number) => makeTextPdf([[[72, 720, `Delivery note ${n}`]]]);
const pools: ExtractorPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

describe.runIf(process.platform === 'linux')('ExtractorPool workers', () => {
  it('starts the replacement of a worker that has done its share of jobs before a job needs it', async () => {
    const pool = new ExtractorPool({ size: 1, jobsPerWorker: 2, nice: RECYCLED_NICE });
    pools.push(pool);
    for (const n of [1, 2]) expect((await pool.extract({ bytes: pdf(n), kind: 'pdf' })).text).toContain(`Delivery note ${n}`);
    const retired = threadsAtNice(RECYCLED_NICE);
    expect(retired.length).toBeGreaterThan(0);

    // No job is waiting, yet the successor starts, takes over, and the retired worker's threads end.
    await vi.waitFor(
      () => {
        const now = threadsAtNice(RECYCLED_NICE);
        expect(now.length).toBeGreaterThan(0);
        expect(now.filter((thread) => retired.includes(thread))).toEqual([]);
      },
      { timeout: 20_000, interval: 50 },
    );
    const successor = threadsAtNice(RECYCLED_NICE);
    expect((await pool.extract({ bytes: pdf(3), kind: 'pdf' })).text).toContain('Delivery note 3');
    // The job ran on the waiting successor: one worker's threads, its own among them, none started for the job.
    const after = threadsAtNice(RECYCLED_NICE);
    expect(after).toEqual(expect.arrayContaining(successor));
    expect(after).toHaveLength(retired.length);
  }, 30_000);

  it('runs a pool at the nice value it is given, apart from the default', async () => {
    const pool = new ExtractorPool({ size: 1, nice: LANE_NICE });
    pools.push(pool);
    await pool.extract({ bytes: pdf(4), kind: 'pdf' });
    expect(threadsAtNice(LANE_NICE).length).toBeGreaterThan(0);
    expect(LANE_NICE).toBeGreaterThan(EXTRACTION_NICE);
  });

  it('starts its workers before the first job when warmed', async () => {
    const pool = new ExtractorPool({ size: 1, nice: WARMED_NICE });
    pools.push(pool);
    pool.warm();
    await vi.waitFor(() => expect(threadsAtNice(WARMED_NICE).length).toBeGreaterThan(0), { timeout: 20_000, interval: 50 });
    const warmed = threadsAtNice(WARMED_NICE);
    expect((await pool.extract({ bytes: pdf(5), kind: 'pdf' })).text).toContain('Delivery note 5');
    expect(threadsAtNice(WARMED_NICE)).toEqual(expect.arrayContaining(warmed));
  }, 30_000);
});
