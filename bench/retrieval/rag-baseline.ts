/**
 * The plain-BM25 baseline of the rag-public benchmark, over exactly the passages KAI stored for
 * the uploaded documents (read back from retrieval_chunks): passage-level BM25 ranked by
 * document (each document at the rank of its best passage), and whole-document BM25 (a
 * document's passages joined in order). Both index the title and section path with the text,
 * as KAI's own index does.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { BM25_ANALYSER, BM25_PARAMETERS, buildBm25Index } from './bm25';
import { distinctInOrder, scoreAnswers, type LabelledQuestion, type RankedAnswer } from './rag-metrics';

interface StoredPassage {
  documentKey: string;
  documentTitle: string;
  headingPath: string;
  content: string;
}

/** Passages as deep as this are ranked per question; documents are then taken in order. */
const PASSAGE_DEPTH = 200;
/** Documents listed per question (MRR looks this far). */
const DOCUMENT_DEPTH = 10;

export async function readStoredPassages(db: Database, documentIds: string[]): Promise<StoredPassage[]> {
  const result = await db.execute(sql`
    select document_key as "documentKey", document_title as "documentTitle", heading_path as "headingPath", content
    from retrieval_chunks
    where corpus = 'uploaded' and document_key in (${sql.join(
      documentIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by document_key, ordinal`);
  return (result as unknown as { rows: StoredPassage[] }).rows;
}

/** `docOf` maps KAI's document id to the corpus's document id. */
export function scoreBm25Baselines(passages: StoredPassage[], questions: LabelledQuestion[], docOf: (documentKey: string) => string) {
  const passageIndex = buildBm25Index(
    passages.map((p) => ({ key: docOf(p.documentKey), text: `${p.documentTitle}\n${p.headingPath}\n${p.content}` })),
  );
  const byDocument = new Map<string, string[]>();
  for (const p of passages) {
    const doc = docOf(p.documentKey);
    const parts = byDocument.get(doc) ?? [p.documentTitle];
    parts.push(p.headingPath, p.content);
    byDocument.set(doc, parts);
  }
  const documentIndex = buildBm25Index([...byDocument].map(([key, parts]) => ({ key, text: parts.join('\n') })));

  const passageRuns: RankedAnswer[] = questions.map((question) => ({
    question,
    documents: distinctInOrder(passageIndex.search(question.question, PASSAGE_DEPTH).map((hit) => hit.key)).slice(0, DOCUMENT_DEPTH),
  }));
  const documentRuns: RankedAnswer[] = questions.map((question) => ({
    question,
    documents: documentIndex.search(question.question, DOCUMENT_DEPTH).map((hit) => hit.key),
  }));
  return {
    runs: { passage: passageRuns, document: documentRuns },
    figures: {
      parameters: BM25_PARAMETERS,
      analyser: BM25_ANALYSER,
      fields: 'document title (file name) + heading path + passage text',
      passages: passages.length,
      passageLevel: scoreAnswers(passageRuns, false),
      wholeDocument: scoreAnswers(documentRuns, false),
    },
  };
}
