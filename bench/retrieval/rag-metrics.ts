/**
 * Document-level figures of a retrieval run on a labelled question set. recall@k counts a question
 * when any of its relevant documents is among the first k distinct documents ranked (or cited);
 * MRR averages 1/rank of the first relevant one (0 when none is listed). Unanswerable questions
 * (no relevant document) count only for abstention: an answer that cites nothing abstains.
 */

export interface LabelledQuestion {
  id: string;
  question: string;
  type: string;
  relevant: string[];
}

/** What one system returned for one question: distinct document ids, best first. */
export interface RankedAnswer {
  question: LabelledQuestion;
  documents: string[];
}

interface Figures {
  questions: number;
  /** Questions with at least one relevant document: recall and MRR are over these. */
  answerable: number;
  recallAt1?: number;
  recallAt3?: number;
  recallAt5?: number;
  mrr?: number;
  /** Answerable questions answered with no citation at all. */
  falseAbstention?: number;
  /** Unanswerable questions answered with no citation at all. */
  abstention?: number;
}

const round = (x: number) => Number(x.toFixed(3));

/** Distinct values in first-seen order. */
export function distinctInOrder(values: string[]): string[] {
  return [...new Set(values)];
}

/** 1-based rank of the first relevant document, 0 when none is listed. */
export function firstRelevantRank(answer: RankedAnswer): number {
  const relevant = new Set(answer.question.relevant);
  return answer.documents.findIndex((doc) => relevant.has(doc)) + 1;
}

function figuresOf(answers: RankedAnswer[], withAbstention: boolean): Figures {
  const answerable = answers.filter((a) => a.question.relevant.length > 0);
  const unanswerable = answers.filter((a) => a.question.relevant.length === 0);
  const figures: Figures = { questions: answers.length, answerable: answerable.length };
  if (answerable.length) {
    const ranks = answerable.map(firstRelevantRank);
    const within = (k: number) => round(ranks.filter((rank) => rank >= 1 && rank <= k).length / ranks.length);
    Object.assign(figures, {
      recallAt1: within(1),
      recallAt3: within(3),
      recallAt5: within(5),
      mrr: round(ranks.reduce((sum, rank) => sum + (rank ? 1 / rank : 0), 0) / ranks.length),
    });
    if (withAbstention) figures.falseAbstention = round(answerable.filter((a) => a.documents.length === 0).length / answerable.length);
  }
  if (withAbstention && unanswerable.length)
    figures.abstention = round(unanswerable.filter((a) => a.documents.length === 0).length / unanswerable.length);
  return figures;
}

/**
 * Overall and per question type. `withAbstention` for a system that may answer with no citation
 * (KAI); a ranking that always lists something (BM25) reports recall and MRR only.
 */
export function scoreAnswers(answers: RankedAnswer[], withAbstention: boolean): { overall: Figures; byType: Record<string, Figures> } {
  const types = [...new Set(answers.map((a) => a.question.type))].sort();
  const byType = Object.fromEntries(
    types
      .map(
        (type) =>
          [
            type,
            figuresOf(
              answers.filter((a) => a.question.type === type),
              withAbstention,
            ),
          ] as const,
      )
      .filter(([, figures]) => withAbstention || figures.answerable > 0),
  );
  return { overall: figuresOf(answers, withAbstention), byType };
}

/** Nearest-rank percentile of unsorted timings, in ms with one decimal. */
export function percentile(timings: number[], p: number): number {
  const sorted = [...timings].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))].toFixed(1));
}
