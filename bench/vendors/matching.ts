import { performance } from 'node:perf_hooks';
import { ExtractorPool, readTableRows } from '../../server/adapters/extractors';
import { matchVendors } from '../../server/modules/vendors/vendor-matching';
import { createVendorsRepository } from '../../server/modules/vendors/vendors.repository';
import { createVendorsService, VENDOR_LIST_MAX_ROWS } from '../../server/modules/vendors/vendors.service';
import { createTestDatabase } from '../../server/test/databases';
import { generateQueries, generateVendors, type SyntheticVendor } from './synthetic-vendors';

/**
 * Vendor matching quality and latency: a 2,000-vendor master of construction suppliers (with
 * confusable near-duplicates) imported as a CSV through the vendor service (sandboxed parsing,
 * one transaction), then 1,200 invoice-style misspellings matched one by one. Top-1 accuracy
 * (goal >= 98%) and latency per match, on embedded PGlite and, with DATABASE_URL, on PostgreSQL.
 * One JSON object per database.
 */
const VENDORS = Number(process.env.BENCH_VENDORS ?? 2_000);
const QUERIES = Number(process.env.BENCH_VENDOR_QUERIES ?? 1_200);

function toCsv(vendors: SyntheticVendor[]): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = ['Vendor Master List (synthetic)', '', 'Vendor ID,Vendor Name,Status,Address,Phone,Email'];
  for (const v of vendors) lines.push([v.code, v.name, 'Active', v.address, v.phone, v.email].map(quote).join(','));
  return lines.join('\r\n');
}

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] * 100) / 100;
}

async function run(kind: 'pglite' | 'postgres'): Promise<Record<string, unknown>> {
  const { handle: database, dispose } = await createTestDatabase(kind);
  const pool = new ExtractorPool({ size: 1 });
  try {
    const repository = createVendorsRepository(database.db);
    const service = createVendorsService({
      repository,
      readRows: (input) => readTableRows({ ...input, limits: { maxRows: VENDOR_LIST_MAX_ROWS, maxBytes: 10 * 1024 * 1024 } }, { pool }),
    });
    const vendors = generateVendors(VENDORS);
    const csv = new TextEncoder().encode(toCsv(vendors));

    let started = performance.now();
    const imported = await service.importList({ filename: 'vendors.csv', bytes: csv });
    const importMs = performance.now() - started;
    started = performance.now();
    const reimported = await service.importList({ filename: 'vendors.csv', bytes: csv });
    const reimportMs = performance.now() - started;
    if (imported.created !== vendors.length || reimported.updated !== vendors.length) {
      throw new Error(`import went wrong: ${imported.message} / ${reimported.message}`);
    }

    const idByCode = new Map((await repository.list()).map((row) => [row.code, row.id]));
    const queries = generateQueries(vendors, QUERIES);
    const deps = { repository };
    // Warm-up: the first queries pay for plan caching and JIT.
    for (const query of queries.slice(0, 20)) await matchVendors(deps, query);

    const latencies: number[] = [];
    let top1 = 0;
    let top3 = 0;
    let withHint = 0;
    let top1WithHint = 0;
    const misses: Array<Record<string, unknown>> = [];
    for (const query of queries) {
      const t0 = performance.now();
      const matches = await matchVendors(deps, query);
      latencies.push(performance.now() - t0);
      const expectedId = idByCode.get(query.expectedCode);
      const hinted = Boolean(query.phone || query.email);
      if (hinted) withHint++;
      if (matches[0]?.vendor_id === expectedId) {
        top1++;
        if (hinted) top1WithHint++;
      } else if (misses.length < 15) {
        misses.push({
          printed: query.name,
          noise: query.noise,
          hint: query.phone ?? query.email,
          expected: vendors.find((v) => v.code === query.expectedCode)?.name,
          got: matches.slice(0, 2).map((m) => `${m.name} (${m.score})`),
        });
      }
      if (matches.slice(0, 3).some((m) => m.vendor_id === expectedId)) top3++;
    }
    latencies.sort((a, b) => a - b);
    const withoutHint = queries.length - withHint;
    return {
      bench: 'vendors/matching',
      database: kind,
      vendors: vendors.length,
      queries: queries.length,
      importMs: Math.round(importMs),
      reimportMs: Math.round(reimportMs),
      top1Accuracy: Math.round((top1 / queries.length) * 10_000) / 10_000,
      top3Accuracy: Math.round((top3 / queries.length) * 10_000) / 10_000,
      top1AccuracyNameOnly: Math.round(((top1 - top1WithHint) / withoutHint) * 10_000) / 10_000,
      top1AccuracyWithHint: Math.round((top1WithHint / withHint) * 10_000) / 10_000,
      goalTop1: 0.98,
      matchP50Ms: percentile(latencies, 50),
      matchP95Ms: percentile(latencies, 95),
      matchP99Ms: percentile(latencies, 99),
      misses,
    };
  } finally {
    await pool.close();
    await dispose();
  }
}

const kinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const kind of kinds) console.log(JSON.stringify(await run(kind)));
