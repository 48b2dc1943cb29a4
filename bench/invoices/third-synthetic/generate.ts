/**
 * The third synthetic invoice corpus (held out, see README.md): NN.pdf with NN.json ground truth.
 *   npx tsx bench/invoices/third-synthetic/generate.ts <outDir> [--count 64] [--seed 2817]
 * Layouts come in turn; each file draws from its own seeded stream, so the same count and seed
 * always give the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileSeed, Random } from './random';
import type { Generated } from './truth';
import { creditNote } from './credit-note';
import { foreignSupplier } from './foreign-supplier';
import { hotelFolio } from './hotel-folio';
import { plainTable } from './plain-table';
import { stackedItems } from './stacked-items';
import { subscriptionInvoice } from './subscription';
import { twoInvoices } from './two-invoices';
import { utilityBill } from './utility-bill';

const LAYOUTS: Array<(random: Random) => Promise<Generated>> = [
  utilityBill,
  subscriptionInvoice,
  hotelFolio,
  foreignSupplier,
  creditNote,
  twoInvoices,
  plainTable,
  stackedItems,
];

const DEFAULT_COUNT = 64;
const DEFAULT_SEED = 2817;

/** Writes the corpus into `dir` and returns how many files it wrote. */
export async function generateThirdCorpus(dir: string, options: { count?: number; seed?: number } = {}): Promise<number> {
  const count = options.count ?? DEFAULT_COUNT;
  const seed = options.seed ?? DEFAULT_SEED;
  const width = Math.max(2, String(count).length);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const { document, truth } = await LAYOUTS[i % LAYOUTS.length](new Random(fileSeed(seed, i)));
    const name = String(i + 1).padStart(width, '0');
    writeFileSync(path.join(dir, `${name}.pdf`), await document.save());
    writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
  }
  return count;
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : undefined;
  };
  const dir = args.find((arg, i) => !arg.startsWith('--') && !['--count', '--seed'].includes(args[i - 1]));
  const count = option('--count');
  const seed = option('--seed');
  if (!dir || [count, seed].some((value) => value !== undefined && !(Number.isInteger(value) && value >= 0))) {
    console.error('usage: npx tsx bench/invoices/third-synthetic/generate.ts <outDir> [--count 64] [--seed 2817]');
    process.exit(2);
  }
  const written = await generateThirdCorpus(path.resolve(dir), { count, seed });
  console.log(`wrote ${written} invoices (PDF + JSON) to ${path.resolve(dir)}`);
}
