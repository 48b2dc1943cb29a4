import { describe, expect, it } from 'vitest';
import { idf } from './bm25.repository';

describe('inverse document frequency', () => {
  it('weighs a rare word far above a common one, and stays positive for a word in every passage', () => {
    expect(idf(100_000, 1)).toBeGreaterThan(10);
    expect(idf(100_000, 50_000)).toBeLessThan(1);
    expect(idf(100_000, 100_000)).toBeGreaterThan(0);
    const byFrequency = [1, 10, 100, 1_000, 10_000].map((df) => idf(100_000, df));
    expect([...byFrequency].sort((a, b) => b - a)).toEqual(byFrequency);
  });
});
