/**
 * Plain Okapi BM25 (k1 1.2, b 0.75, Lucene's non-negative idf), the baseline the retrieval
 * benchmark compares KAI with. Text is analysed as Lucene's EnglishAnalyzer does by default
 * (Anserini's BM25 baseline): lowercase, split on anything not a letter or digit, its 33 English
 * stop words removed, Porter stemmer (the `stemmer` package).
 */
import { stemmer } from 'stemmer';

export const BM25_PARAMETERS = { k1: 1.2, b: 0.75 };
export const BM25_ANALYSER = 'lowercase, split on non-alphanumerics, Lucene English stop words (33), Porter stemmer (npm stemmer)';

const STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);

function analyse(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !STOP_WORDS.has(word))
    .map((word) => stemmer(word));
}

interface Bm25Index<K> {
  /** Keys best first, with their scores; only those matching a query term. */
  search(query: string, limit: number): Array<{ key: K; score: number }>;
}

export function buildBm25Index<K>(documents: Array<{ key: K; text: string }>): Bm25Index<K> {
  const { k1, b } = BM25_PARAMETERS;
  const postings = new Map<string, Array<{ doc: number; tf: number }>>();
  const lengths = documents.map(({ text }, doc) => {
    const terms = analyse(text);
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = postings.get(term) ?? [];
      list.push({ doc, tf });
      postings.set(term, list);
    }
    return terms.length;
  });
  const n = documents.length;
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, n);
  return {
    search(query, limit) {
      const scores = new Map<number, number>();
      for (const term of new Set(analyse(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
        for (const { doc, tf } of list) {
          const norm = tf + k1 * (1 - b + (b * lengths[doc]) / averageLength);
          scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (k1 + 1)) / norm);
        }
      }
      return [...scores]
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, limit)
        .map(([doc, score]) => ({ key: documents[doc].key, score }));
    },
  };
}
