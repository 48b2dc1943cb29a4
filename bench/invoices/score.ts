/**
 * Scores the invoice reader against a folder of PDFs with ground truth:
 *   npm run bench:invoices -- <dir> [--variant all|noxml|original] [--json]
 * `X.pdf` is scored against `X.json`, and `NNN.noxml.pdf` against `NNN.json`; a JSON array is a
 * PDF holding several invoices. Fields null in the ground truth are not scored, nor are the line
 * items of an invoice whose ground truth lists none (BASIC-WL e-invoices show lines they do not
 * carry). Amounts are compared signed as they post: a credit note's truth is negated when the
 * corpus manifest says it is one (see asPosted). Speed is parse time only, in this one process.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { closeOcr } from '../../server/adapters/extractors/image-ocr';
import { parseInvoicePdf } from '../../server/invoice-reading/parse-invoice-pdf';
import type { ExtractedInvoice } from '../../server/invoice-reading/index';
import { SCORED_FIELDS, type ScoredField, type Truth, asPosted, extractedValues, fieldMatches, matchLineItems, pairInvoices } from './matching';

export type Variant = 'all' | 'noxml' | 'original';

export interface Miss {
  file: string;
  invoice: number;
  field: ScoredField | 'line_items' | 'invoice';
  expected: unknown;
  got: unknown;
}

export interface InvoiceScore {
  figure: 'invoices.extraction';
  corpus: string;
  variant: Variant;
  files: number;
  invoices: number;
  errors: number;
  fields: Record<string, { correct: number; scored: number; accuracy: number | null }>;
  field_accuracy: number | null;
  line_items: { truth: number; extracted: number; matched: number; precision: number | null; recall: number | null; f1: number | null };
  parse_seconds: number;
  files_per_second: number | null;
  misses: Miss[];
}

type Parse = (bytes: Uint8Array) => Promise<ExtractedInvoice[]>;

/** The PDFs of `dir` that have ground truth, with their truth file. */
export function listCorpus(dir: string, variant: Variant = 'all'): Array<{ pdf: string; truth: string }> {
  return readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.pdf'))
    .filter((name) => variant === 'all' || (variant === 'noxml') === name.endsWith('.noxml.pdf'))
    .sort()
    .map((name) => ({ pdf: path.join(dir, name), truth: path.join(dir, `${name.replace(/(\.noxml)?\.pdf$/i, '')}.json`) }))
    .filter((entry) => existsSync(entry.truth));
}

/** Document type codes by file id from a corpus manifest (invoices-dev's index.json), if any. */
function documentTypeCodes(dir: string): Map<string, string> {
  const manifest = path.join(dir, 'index.json');
  if (!existsSync(manifest)) return new Map();
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Array<{ id?: string; document_type_code?: string }>;
  return new Map(entries.filter((entry) => entry.id && entry.document_type_code).map((entry) => [entry.id!, entry.document_type_code!]));
}

const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 10000);

export async function scoreCorpus(dir: string, options: { variant?: Variant; parse?: Parse } = {}): Promise<InvoiceScore> {
  const variant = options.variant ?? 'all';
  const parse = options.parse ?? parseInvoicePdf;
  const fields = Object.fromEntries(SCORED_FIELDS.map((field) => [field, { correct: 0, scored: 0 }])) as Record<
    ScoredField,
    { correct: number; scored: number }
  >;
  const lines = { truth: 0, extracted: 0, matched: 0 };
  const misses: Miss[] = [];
  const corpus = listCorpus(dir, variant);
  let invoices = 0;
  let errors = 0;
  let seconds = 0;

  const typeCodes = documentTypeCodes(dir);
  for (const { pdf, truth: truthFile } of corpus) {
    const file = path.basename(pdf);
    const parsed = JSON.parse(readFileSync(truthFile, 'utf8')) as Truth | Truth[];
    const typeCode = typeCodes.get(path.basename(truthFile, '.json'));
    const truths = (Array.isArray(parsed) ? parsed : [parsed]).map((truth) => asPosted(truth, typeCode));
    const bytes = new Uint8Array(readFileSync(pdf));
    let extracted: ExtractedInvoice[] = [];
    let failed = false;
    const started = performance.now();
    try {
      extracted = await parse(bytes);
    } catch (error) {
      errors++;
      failed = true;
      misses.push({ file, invoice: 0, field: 'invoice', expected: 'parsed', got: `error: ${(error as Error).message}` });
    }
    seconds += (performance.now() - started) / 1000;
    invoices += truths.length;
    if (extracted.length !== truths.length && !failed) {
      misses.push({ file, invoice: 0, field: 'invoice', expected: `${truths.length} invoice(s)`, got: `${extracted.length} invoice(s)` });
    }

    for (const [t, e] of pairInvoices(truths, extracted)) {
      const truth = truths[t];
      const invoice = e === null ? null : extracted[e];
      const values = invoice ? extractedValues(invoice) : null;
      for (const field of SCORED_FIELDS) {
        const expected = truth[field] ?? null;
        if (expected === null) continue;
        const got = values?.[field] ?? null;
        fields[field].scored++;
        if (fieldMatches(field, expected, got)) fields[field].correct++;
        else misses.push({ file, invoice: t + 1, field, expected, got });
      }
      const truthItems = truth.line_items ?? [];
      if (truthItems.length === 0) continue;
      const items = invoice?.lineItems ?? [];
      const matched = matchLineItems(truthItems, items);
      lines.truth += truthItems.length;
      lines.extracted += items.length;
      lines.matched += matched;
      if (matched < truthItems.length || matched < items.length) {
        misses.push({
          file,
          invoice: t + 1,
          field: 'line_items',
          expected: `${truthItems.length} items`,
          got: `${items.length} items, ${matched} matched`,
        });
      }
    }
  }

  const correct = SCORED_FIELDS.reduce((sum, field) => sum + fields[field].correct, 0);
  const scored = SCORED_FIELDS.reduce((sum, field) => sum + fields[field].scored, 0);
  const precision = ratio(lines.matched, lines.extracted);
  const recall = ratio(lines.matched, lines.truth);
  return {
    figure: 'invoices.extraction',
    corpus: dir,
    variant,
    files: corpus.length,
    invoices,
    errors,
    fields: Object.fromEntries(
      SCORED_FIELDS.map((field) => [field, { ...fields[field], accuracy: ratio(fields[field].correct, fields[field].scored) }]),
    ),
    field_accuracy: ratio(correct, scored),
    line_items: {
      ...lines,
      precision,
      recall,
      f1:
        precision === null || recall === null || precision + recall === 0
          ? null
          : Math.round(((2 * precision * recall) / (precision + recall)) * 10000) / 10000,
    },
    parse_seconds: Math.round(seconds * 1000) / 1000,
    files_per_second: seconds > 0 ? Math.round((corpus.length / seconds) * 10) / 10 : null,
    misses,
  };
}

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);
const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

export function formatReport(score: InvoiceScore): string {
  const out = [
    `Invoice extraction: ${score.corpus} (${score.variant}), ${score.files} files, ${score.invoices} invoices, ${score.errors} errors`,
    '',
  ];
  out.push(`${'field'.padEnd(16)}${'correct'.padStart(9)}${'scored'.padStart(8)}${'accuracy'.padStart(10)}`);
  for (const [field, { correct, scored, accuracy }] of Object.entries(score.fields)) {
    out.push(`${field.padEnd(16)}${String(correct).padStart(9)}${String(scored).padStart(8)}${percent(accuracy).padStart(10)}`);
  }
  out.push(`${'all fields'.padEnd(33)}${percent(score.field_accuracy).padStart(10)}`, '');
  const { truth, extracted, matched, precision, recall, f1 } = score.line_items;
  out.push(
    `line items: ${matched} matched of ${truth} true and ${extracted} extracted; precision ${percent(precision)}, recall ${percent(recall)}, F1 ${percent(f1)}`,
  );
  out.push(`speed: ${score.files_per_second ?? '-'} files/s (${score.parse_seconds} s parsing)`, '');
  if (score.misses.length) {
    out.push(`misses (${score.misses.length}):`);
    for (const miss of score.misses)
      out.push(`  ${miss.file} #${miss.invoice} ${miss.field}: expected ${show(miss.expected)}, got ${show(miss.got)}`);
  }
  return out.join('\n');
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const variantAt = args.indexOf('--variant');
  const variant = (variantAt >= 0 ? args[variantAt + 1] : 'all') as Variant;
  const dir = args.find((arg, i) => !arg.startsWith('--') && !(variantAt >= 0 && i === variantAt + 1));
  if (!dir || !existsSync(dir) || !['all', 'noxml', 'original'].includes(variant)) {
    console.error('usage: npm run bench:invoices -- <dir> [--variant all|noxml|original] [--json]');
    process.exit(2);
  }
  const score = await scoreCorpus(path.resolve(dir), { variant });
  // Scanned pages start a tesseract worker, which would keep the process alive.
  await closeOcr();
  if (!json) console.log(`${formatReport(score)}\n`);
  console.log(JSON.stringify(score));
}
