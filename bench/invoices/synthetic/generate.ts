/**
 * Writes a synthetic corpus of US construction vendor invoices (see README.md):
 *   tsx bench/invoices/synthetic/generate.ts <outDir> [--count 48] [--seed 2417]
 * The same count and seed always give the same invoices.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { AIA_LAYOUT, renderPayApplication } from './aia-layout';
import { formatMoney } from './format';
import { electrical, lumber, readyMix, trucking } from './kinds-supply';
import { progress, rental, service } from './kinds-other';
import { LAYOUTS, type LayoutSpec } from './layouts';
import { type GroundTruth, type InvoiceKind, type InvoiceModel, groundTruth } from './model';
import { Random, round } from './random';
import { renderInvoice } from './render';
import { addScannedFirstPage } from './scan';

const BUILDERS: Record<InvoiceKind, (random: Random) => InvoiceModel> = {
  'ready-mix': readyMix,
  lumber: (random) => lumber(random),
  rental,
  electrical: (random) => electrical(random),
  progress,
  trucking,
  service,
};
const KINDS = Object.keys(BUILDERS) as InvoiceKind[];
/** A fixed date keeps the PDF bytes the same from run to run. */
const FIXED_DATE = new Date('2025-12-01T00:00:00Z');

interface Planned {
  model: InvoiceModel;
  spec: LayoutSpec;
}

function plan(index: number, seed: number): Planned {
  const random = new Random(seed * 1_000_003 + index * 7919);
  // Every twelfth invoice runs long enough that its lines and totals continue on page 2.
  const long = index % 12 === 5;
  const kind = long ? 'lumber' : KINDS[index % KINDS.length];
  const model = long ? lumber(random, random.int(38, 44)) : BUILDERS[kind](random);
  const layout = long ? Math.floor(index / 12) : index + Math.floor(index / KINDS.length);
  const spec = kind === 'progress' ? AIA_LAYOUT : LAYOUTS[layout % LAYOUTS.length];
  if (kind !== 'progress' && (spec.statement || random.chance(0.12))) addPreviousBalance(model, random);
  return { model, spec };
}

/** A statement-style tail: the previous balance is printed but is not part of this invoice. */
function addPreviousBalance(model: InvoiceModel, random: Random): void {
  const previous = random.decimal(250, 9000);
  const payments = random.chance(0.5) ? round(previous * random.pick([0.5, 1])) : 0;
  model.afterTotals = [
    { label: 'Previous Balance', value: formatMoney(previous) },
    { label: 'Payments Received', value: formatMoney(-payments) },
    { label: 'Account Balance Due', value: formatMoney(round(previous - payments + model.total)) },
  ];
}

async function render(doc: PDFDocument, { model, spec }: Planned): Promise<number> {
  return spec === AIA_LAYOUT ? renderPayApplication(doc, model) : renderInvoice(doc, model, spec);
}

async function newDocument(title: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('KAI synthetic invoice corpus');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  return doc;
}

function write(outDir: string, name: string, pdf: Uint8Array, truth: GroundTruth | GroundTruth[]): void {
  writeFileSync(path.join(outDir, `${name}.pdf`), pdf);
  writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
}

export async function generateCorpus(outDir: string, count = 48, seed = 2417): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const names: string[] = [];
  let scanSource: { pdf: Uint8Array; truth: GroundTruth } | null = null;
  for (let index = 0; index < count; index++) {
    const planned = plan(index, seed);
    const name = `syn-${String(index + 1).padStart(3, '0')}`;
    const doc = await newDocument(`Invoice ${planned.model.invoiceNumber}`);
    const pages = await render(doc, planned);
    const pdf = await doc.save();
    const truth = groundTruth(planned.model, planned.spec.name, `${name}.pdf`, pages);
    write(outDir, name, pdf, truth);
    names.push(name);
    if (!scanSource && pages === 1 && planned.model.kind === 'service') scanSource = { pdf, truth };
  }

  // Two invoices from two vendors in one file: page 1 invoice A, page 2 invoice B.
  const doc = await newDocument('Two invoices');
  const truths: GroundTruth[] = [];
  for (const [offset, kind, layout] of [
    [0, 'ready-mix', 0],
    [1, 'service', 5],
  ] as const) {
    const random = new Random(seed + 101 + offset);
    const model = BUILDERS[kind](random);
    const pages = await render(doc, { model, spec: LAYOUTS[layout] });
    truths.push(groundTruth(model, LAYOUTS[layout].name, 'syn-two-invoices.pdf', pages));
  }
  write(outDir, 'syn-two-invoices', await doc.save(), truths);
  names.push('syn-two-invoices');

  if (scanSource) {
    const scanned = await newDocument('Scanned invoice');
    await addScannedFirstPage(scanned, scanSource.pdf, new Random(seed + 202));
    write(outDir, 'syn-scan', await scanned.save(), { ...scanSource.truth, source: 'syn-scan.pdf', layout: `${scanSource.truth.layout}+scan` });
    names.push('syn-scan');
  }
  return names;
}

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a positive whole number`);
  return value;
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const outDir = args[0];
  if (!outDir || outDir.startsWith('--')) {
    console.error('usage: tsx bench/invoices/synthetic/generate.ts <outDir> [--count 48] [--seed 2417]');
    process.exit(2);
  }
  const names = await generateCorpus(path.resolve(outDir), option(args, '--count', 48), option(args, '--seed', 2417));
  console.log(`wrote ${names.length} PDFs with ground truth to ${path.resolve(outDir)}`);
}
