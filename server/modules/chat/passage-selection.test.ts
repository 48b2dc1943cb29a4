import { describe, expect, it } from 'vitest';
import type { Citable } from './knowledge-tools';
import { ABSTAIN_BELOW, KEEP_SHARE_OF_BEST, MAX_CITED, notCoveredAnswer, notCoveredNote, selectPassages } from './passage-selection';

const passage = (title: string, relevance: number | undefined, context = ''): Citable => ({
  source: { type: 'uploaded', title, snippet: '' },
  context,
  text: `${title} text`,
  ...(relevance === undefined ? {} : { relevance }),
});
const titles = (found: Citable[]) => selectPassages(found).map((c) => c.source.title);

describe('which passages an answer cites', () => {
  it('cites nothing when even the best passage is weak', () => {
    expect(titles([passage('a', ABSTAIN_BELOW - 0.01), passage('b', 0.1)])).toEqual([]);
    expect(titles([])).toEqual([]);
  });

  it(`cites up to ${MAX_CITED} strong passages, in the search's order`, () => {
    const strong = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((t, i) => passage(t, 0.95 - i * 0.02));
    expect(titles(strong)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('drops passages much weaker than the best, and never cites one below the abstention line', () => {
    const best = 0.9;
    const found = [passage('best', best), passage('close', best * KEEP_SHARE_OF_BEST + 0.01), passage('far', best * KEEP_SHARE_OF_BEST - 0.01)];
    expect(titles(found)).toEqual(['best', 'close']);
    // A middling best: its 60 % would fall under the line, which still holds.
    expect(titles([passage('middling', 0.55), passage('weak', ABSTAIN_BELOW - 0.05)])).toEqual(['middling']);
  });

  it('cites one passage per document section', () => {
    const found = [passage('Retainage', 0.9, 'Releasing'), passage('Retainage', 0.85, 'Releasing'), passage('Retainage', 0.8, 'Mistakes')];
    expect(selectPassages(found).map((c) => c.context)).toEqual(['Releasing', 'Mistakes']);
  });

  it('keeps look-up records, which cannot say how relevant they are, even when the passages are weak', () => {
    expect(titles([passage('weak', ABSTAIN_BELOW - 0.05), passage('Invoice INV-7', undefined)])).toEqual(['Invoice INV-7']);
  });
});

describe('the answer when the source does not cover the question', () => {
  it('names the source searched and suggests another', () => {
    const uploaded = notCoveredAnswer('uploaded');
    expect(uploaded).toMatch(/^Your uploaded files do not seem to cover this question/);
    expect(uploaded).toContain('Structure/General');
    expect(uploaded).toContain('upload the document that covers it');
    const guide = notCoveredAnswer('structure');
    expect(guide).toMatch(/^The Structure ERP guide does not seem to cover this question/);
    expect(guide).toContain('Uploaded Files');
  });

  it('gives the model the same advice', () => {
    expect(notCoveredNote('uploaded')).toContain('say plainly that your uploaded files do not seem to cover it');
    expect(notCoveredNote('uploaded')).toContain('Structure/General');
  });
});
