/**
 * Reciprocal rank fusion (Cormack et al., 2009): each list adds 1 / (k + rank) for every item it
 * ranks, so an item near the top of both lists beats one that only one list likes, and the raw
 * scores of different retrievers never need to be comparable.
 */
const RRF_K = 60;

export function fuseRankings<T>(rankings: T[][], key: (item: T) => string, k = RRF_K): Array<{ item: T; score: number }> {
  const fused = new Map<string, { item: T; score: number; best: number }>();
  for (const ranking of rankings) {
    ranking.forEach((item, index) => {
      const id = key(item);
      const entry = fused.get(id) ?? { item, score: 0, best: Infinity };
      entry.score += 1 / (k + index + 1);
      entry.best = Math.min(entry.best, index);
      fused.set(id, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.best - b.best).map(({ item, score }) => ({ item, score }));
}
