/**
 * `npm run bench:rag [-- --verbose]`: retrieval on documents nobody here wrote (issue 13). The
 * rag-public corpus beside the repository (../shared/corpus/rag-public) is rendered to PDFs as a
 * user's would look, uploaded through POST /api/upload, and every dev question is asked through
 * POST /api/chat with source 'uploaded' and no model configured; the cited documents, in citation
 * order, are scored by question type. Beside it, in the same run, plain BM25 over the passages KAI
 * stored, and the built-in guide's own set (quality.ts). One JSON line per database (embedded
 * PGlite; PostgreSQL too when DATABASE_URL is set). --verbose lists each miss on stderr.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { MessageSource } from '@contract/chat';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createEmptyPostgresDatabase } from '../../server/test/databases';
import { FakeIssuer } from '../../server/test/fake-issuer';
import { renderMarkdownPdf } from './markdown-pdf';
import { runQualityBenchmark } from './quality';
import { askUploaded, startKai, uploadDocuments, waitUntilSettled, type ChatAnswer } from './rag-api';
import { readStoredPassages, scoreBm25Baselines } from './rag-baseline';
import { distinctInOrder, firstRelevantRank, percentile, scoreAnswers, type LabelledQuestion, type RankedAnswer } from './rag-metrics';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = path.resolve(repo, '../shared/corpus/rag-public');
const verbose = process.argv.includes('--verbose');
const DEFINITIONS = {
  recallAtK: 'answerable questions with a relevant document among the first k distinct documents cited (KAI) or ranked (BM25)',
  mrr: "1/rank of the first relevant document among KAI's cited documents or BM25's first 10, 0 if none",
  abstention: 'unanswerable questions answered with no citation; falseAbstention: answerable ones answered with no citation',
};

interface Pdf {
  name: string;
  bytes: Uint8Array;
}

/** The corpus id (d01) at the start of an uploaded file's name. */
const corpusIdOf = (name: string) => /^(d\d+)-/.exec(name)?.[1];

async function renderCorpus(): Promise<{ pdfs: Pdf[]; ms: number }> {
  const started = performance.now();
  const names = readdirSync(path.join(CORPUS, 'docs'))
    .filter((name) => /^d\d+-.*\.md$/.test(name))
    .sort();
  const pdfs = await Promise.all(
    names.map(async (name) => ({
      name: name.replace(/\.md$/, '.pdf'),
      bytes: await renderMarkdownPdf(readFileSync(path.join(CORPUS, 'docs', name), 'utf8')),
    })),
  );
  return { pdfs, ms: Math.round(performance.now() - started) };
}

function readQuestions(): LabelledQuestion[] {
  return readFileSync(path.join(CORPUS, 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledQuestion);
}

/** Uploads, waits for extraction, asks every question, and scores KAI beside the BM25 baselines. */
async function runOn(database: DatabaseHandle, issuer: FakeIssuer, pdfs: Pdf[], questions: LabelledQuestion[]) {
  const kai = await startKai(database, issuer);
  try {
    const started = performance.now();
    const stored = await uploadDocuments(kai, pdfs);
    const settled = await waitUntilSettled(
      kai,
      stored.map((file) => file.id),
    );
    const uploadToReadyMs = Math.round(performance.now() - started);
    const docIds = new Map(stored.map((file) => [file.id, corpusIdOf(file.name) ?? file.name]));
    const docOf = (documentKey: string) => docIds.get(documentKey) ?? `unknown:${documentKey}`;

    const answers: ChatAnswer[] = [];
    for (const question of questions) answers.push(await askUploaded(kai, question.question));
    const kaiRuns: RankedAnswer[] = questions.map((question, i) => ({ question, documents: citedDocuments(answers[i].sources, docOf) }));

    const passages = await readStoredPassages(
      database.db,
      stored.map((file) => file.id),
    );
    const bm25 = scoreBm25Baselines(passages, questions, docOf);
    if (verbose) printMisses(kaiRuns, answers, bm25.runs.passage, docOf);
    const sources = answers.flatMap((answer) => answer.sources);
    return {
      documents: {
        uploaded: stored.length,
        ready: settled.filter((doc) => doc.status === 'ready').length,
        failed: settled.filter((doc) => doc.status === 'failed').map((doc) => ({ name: doc.filename, reason: doc.failureReason })),
        pages: settled.reduce((sum, doc) => sum + (Number(doc.metadata?.pages) || 0), 0),
        uploadToReadyMs,
      },
      kai: {
        ...scoreAnswers(kaiRuns, true),
        citationsPerAnswer: averageOf(answers.map((answer) => answer.sources.length)),
        distinctDocumentsPerAnswer: averageOf(kaiRuns.map((run) => run.documents.length)),
        citationsWithoutDocumentId: sources.filter((source) => !source.documentId).length,
        chatMs: {
          p50: percentile(
            answers.map((a) => a.ms),
            0.5,
          ),
          p95: percentile(
            answers.map((a) => a.ms),
            0.95,
          ),
        },
      },
      bm25: bm25.figures,
    };
  } finally {
    await kai.close();
  }
}

/** Cited documents in citation order, each once; a citation without a documentId falls back on its title (the file name). */
function citedDocuments(sources: MessageSource[], docOf: (documentKey: string) => string): string[] {
  return distinctInOrder(
    sources.map((source) => (source.documentId ? docOf(source.documentId) : (corpusIdOf(source.title) ?? `title:${source.title}`))),
  );
}

const averageOf = (values: number[]) => Number((values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length)).toFixed(2));

function printMisses(kaiRuns: RankedAnswer[], answers: ChatAnswer[], bm25Runs: RankedAnswer[], docOf: (documentKey: string) => string): void {
  kaiRuns.forEach((run, i) => {
    const { question } = run;
    const answerable = question.relevant.length > 0;
    if (answerable ? firstRelevantRank(run) > 0 : run.documents.length === 0) return;
    const cited = answers[i].sources.map(
      (s) => `${s.documentId ? docOf(s.documentId) : 'no documentId'}${s.page ? ` p${s.page}` : ''} "${s.snippet.replace(/\s+/g, ' ').slice(0, 70)}"`,
    );
    process.stderr.write(
      [
        `miss ${question.id} [${question.type}] ${question.question}`,
        `  relevant: ${answerable ? question.relevant.join(', ') : '(none: should abstain)'}`,
        `  KAI cited: ${cited.join('\n             ') || '(nothing)'}`,
        `  KAI said: ${answers[i].content.replace(/\s+/g, ' ').slice(0, 160)}`,
        `  BM25 (passages) top documents: ${bm25Runs[i].documents.slice(0, 5).join(', ')}`,
        '',
      ].join('\n'),
    );
  });
}

async function main(): Promise<void> {
  if (!existsSync(path.join(CORPUS, 'questions.jsonl'))) {
    process.stderr.write(`bench: ${CORPUS} not found; rag-public skipped\n`);
    return;
  }
  const started = performance.now();
  const questions = readQuestions();
  const { pdfs, ms: renderMs } = await renderCorpus();
  const { misses, ...guide } = await runQualityBenchmark();
  const guideFigures = { ...guide, misses: Array.isArray(misses) ? misses.length : misses };
  const issuer = await new FakeIssuer().start();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kai-bench-rag-'));
  try {
    const targets: Array<{ kind: 'pglite' | 'postgres'; open: () => Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> }> = [
      { kind: 'pglite', open: async () => ({ database: await openDatabase({ dataDir }), drop: async () => {} }) },
    ];
    if (process.env.DATABASE_URL) {
      targets.push({
        kind: 'postgres',
        open: async () => {
          const { url, drop } = await createEmptyPostgresDatabase();
          return { database: await openDatabase({ databaseUrl: url, dataDir: '' }), drop };
        },
      });
    }
    for (const target of targets) {
      const runStarted = performance.now();
      const { database, drop } = await target.open();
      try {
        const figures = await runOn(database, issuer, pdfs, questions);
        const line = {
          benchmark: 'rag-public',
          database: target.kind,
          questions: questions.length,
          renderMs,
          ...figures,
          guide: guideFigures,
          definitions: DEFINITIONS,
        };
        console.log(JSON.stringify({ ...line, runMs: Math.round(performance.now() - runStarted), totalMs: Math.round(performance.now() - started) }));
      } finally {
        await database.close();
        await drop();
      }
    }
  } finally {
    await issuer.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
