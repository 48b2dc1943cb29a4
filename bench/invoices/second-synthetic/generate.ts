/**
 * A second, independent synthetic corpus of US construction supplier invoices (see README.md):
 *   npx tsx bench/invoices/second-synthetic/generate.ts <outDir> [--count 60] [--seed 9133]
 * Written without reading the parser, as a held-out check. The same count and seed always give
 * the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { electrical } from './electrical';
import { hauling } from './hauling';
import { lumberYard } from './lumber-yard';
import { minimal } from './minimal';
import { plumbing } from './plumbing';
import { progress } from './progress';
import { Random } from './random';
import { readyMix } from './ready-mix';
import { rental } from './rental';
import { serviceTicket } from './service-ticket';
import { statement } from './statement';
import type { Layout } from './truth';

/** One of each in turn, so any 10 consecutive invoices cover every layout. */
const LAYOUTS: Layout[] = [lumberYard, serviceTicket, statement, rental, readyMix, electrical, progress, hauling, plumbing, minimal];

/** Fixed dates keep the PDF bytes the same from run to run. */
const CREATED = new Date('2026-01-02T09:00:00Z');

async function newDocument(title: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('KAI second synthetic invoice corpus');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(CREATED);
  doc.setModificationDate(CREATED);
  return doc;
}

export async function generateSecondCorpus(outDir: string, count = 60, seed = 9133): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const width = Math.max(2, String(count).length);
  for (let index = 0; index < count; index++) {
    const layout = LAYOUTS[index % LAYOUTS.length];
    // Each invoice has its own stream, so changing one layout leaves the others' invoices alone.
    const random = new Random(Math.imul(seed, 2654435761) ^ Math.imul(index + 1, 40503));
    const name = String(index + 1).padStart(width, '0');
    const doc = await newDocument(`Invoice ${name}`);
    const truth = await layout.draw(doc, random);
    writeFileSync(path.join(outDir, `${name}.pdf`), await doc.save());
    writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify({ ...truth, source: `${name}.pdf` }, null, 2)}\n`);
  }
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
    console.error('usage: npx tsx bench/invoices/second-synthetic/generate.ts <outDir> [--count 60] [--seed 9133]');
    process.exit(2);
  }
  const count = option(args, '--count', 60);
  await generateSecondCorpus(path.resolve(outDir), count, option(args, '--seed', 9133));
  console.log(`wrote ${count} invoice PDFs with ground truth to ${path.resolve(outDir)}`);
}
