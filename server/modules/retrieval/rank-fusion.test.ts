import { describe, expect, it } from 'vitest';
import { fuseRankings } from './rank-fusion';

describe('reciprocal rank fusion', () => {
  it('puts an item both lists like above items only one list likes', () => {
    const fused = fuseRankings(
      [
        ['a', 'b', 'c'],
        ['d', 'b', 'a'],
      ],
      (x) => x,
    );
    expect(fused.map((f) => f.item)).toEqual(['a', 'b', 'd', 'c']);
    expect(fused[0].score).toBeCloseTo(1 / 61 + 1 / 63);
  });

  it('returns each item once, and nothing for no lists', () => {
    expect(fuseRankings([['x', 'x']], (x) => x)).toHaveLength(1);
    expect(fuseRankings([], (x: string) => x)).toEqual([]);
  });
});
