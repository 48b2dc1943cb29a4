import { describe, expect, it } from 'vitest';
import { askedConcepts, leansOnEarlierTurns, queryConcepts, tokenize } from './query-terms';
import { SYNONYM_GROUPS } from './synonyms';

describe('query concepts', () => {
  it('expands acronyms and phrases to their synonym group', () => {
    const concepts = queryConcepts('Where do I enter a PO for an AP invoice?');
    expect(concepts).toContainEqual(expect.arrayContaining(['po', 'purchase order']));
    expect(concepts).toContainEqual(expect.arrayContaining(['ap invoice', 'vendor bill']));
    expect(queryConcepts('AP aging')).toEqual([expect.arrayContaining(['ap', 'accounts payable']), ['aging']]);
  });

  it('matches the longest phrase, plurals and possessives', () => {
    const concepts = queryConcepts("how do I hold back money from a sub's pay apps");
    expect(concepts).toContainEqual(expect.arrayContaining(['retainage', 'retention', 'hold back']));
    expect(concepts).toContainEqual(expect.arrayContaining(['sub', 'subcontractor']));
    expect(concepts).toContainEqual(expect.arrayContaining(['pay app', 'g702']));
    expect(concepts).not.toContainEqual(['pay']);
  });

  it('treats retention and retainage as one concept', () => {
    expect(queryConcepts('release retention')).toEqual([['release'], expect.arrayContaining(['retainage', 'retention'])]);
  });

  it('drops filler words and duplicates', () => {
    expect(queryConcepts('please help me use Structure: lien waiver, lien waivers')).toEqual([
      ['me'],
      expect.arrayContaining(['lien waiver', 'lien release']),
    ]);
  });

  it('keeps tsquery syntax as plain words', () => {
    expect(tokenize(`"retainage" -release OR (vendor) & 'x' | !y <-> z:*`)).toEqual(['retainage', 'release', 'or', 'vendor', 'x', 'y', 'z']);
  });

  it('keeps query size bounded', () => {
    expect(queryConcepts(Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ')).length).toBeLessThanOrEqual(16);
  });
});

describe('asked concepts', () => {
  it('keeps the words the user typed apart from their synonyms', () => {
    expect(askedConcepts('release retention')).toEqual([
      { typed: 'release', synonyms: [] },
      { typed: 'retention', synonyms: expect.arrayContaining(['retainage', 'holdback']) },
    ]);
    expect(askedConcepts('retention')[0].synonyms).not.toContain('retention');
  });
});

describe('synonym list', () => {
  it('has at least 30 groups of lower-case entries, each entry in one group only', () => {
    expect(SYNONYM_GROUPS.length).toBeGreaterThanOrEqual(30);
    const all = SYNONYM_GROUPS.flat();
    expect(all.every((t) => t === t.toLowerCase())).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('covers the pairs accounting staff use', () => {
    const together = (a: string, b: string) => SYNONYM_GROUPS.some((g) => g.includes(a) && g.includes(b));
    for (const [a, b] of [
      ['ap', 'accounts payable'],
      ['ar', 'accounts receivable'],
      ['po', 'purchase order'],
      ['aia', 'pay app'],
      ['aia', 'g703'],
      ['retainage', 'retention'],
      ['cost code', 'phase code'],
      ['sov', 'schedule of values'],
      ['coi', 'certificate of insurance'],
      ['wip', 'work in progress'],
      ['t&m', 'time and materials'],
      ['gl', 'general ledger'],
      ['je', 'journal entry'],
      ['co', 'change order'],
      ['1099', '1099-nec'],
      ['lien waiver', 'lien release'],
      ['sub', 'subcontractor'],
      ['check run', 'payment run'],
    ]) {
      expect(together(a, b), `${a} ~ ${b}`).toBe(true);
    }
  });
});

describe('a question that leans on the earlier turns', () => {
  it('continues or refers back to the conversation', () => {
    for (const question of [
      'And for a credit note?',
      'what about the deadline?',
      'How do I undo it?',
      'Can I void those?',
      'Same for subcontractors?',
    ]) {
      expect(leansOnEarlierTurns(question), question).toBe(true);
    }
  });

  it('stands alone when it names its own subject', () => {
    for (const question of ['What is the capital of Mongolia?', 'How do I set up a new job?', 'Android: andrew wants 1099 totals']) {
      expect(leansOnEarlierTurns(question), question).toBe(false);
    }
  });
});
