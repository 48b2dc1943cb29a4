import { describe, expect, it } from 'vitest';
import { splitRetrievalAnswer } from './retrieval-answer';

const ANSWER = [
  'Open it in Payables and choose Void. [1]',
  '_Quoted from your uploaded files as written: no language model is configured._',
  '### Passages',
  '#### [1] debit-notes.pdf (page 2)',
  'To cancel a debit note, open it in Payables.\n\n## Steps\n\n1. Void it.',
  '#### [2] credit-notes.pdf',
  'To cancel a credit note, reverse it.',
].join('\n\n');

describe('splitRetrievalAnswer', () => {
  it('separates the cited sentences from the passages, each with its heading', () => {
    expect(splitRetrievalAnswer(ANSWER)).toEqual({
      lead: 'Open it in Payables and choose Void. [1]\n\n_Quoted from your uploaded files as written: no language model is configured._',
      passages: [
        { heading: '[1] debit-notes.pdf (page 2)', body: 'To cancel a debit note, open it in Payables.\n\n## Steps\n\n1. Void it.' },
        { heading: '[2] credit-notes.pdf', body: 'To cancel a credit note, reverse it.' },
      ],
    });
  });

  it('leaves an answer without the passages section whole', () => {
    expect(splitRetrievalAnswer('Your uploaded files do not seem to cover this question.')).toBeNull();
    expect(splitRetrievalAnswer('Intro\n\n### Passages\n\nstray text\n\n#### [1] a\n\nb')).toBeNull();
  });
});
