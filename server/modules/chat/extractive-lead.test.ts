import { describe, expect, it } from 'vitest';
import { leadSentences, sentencesOf } from './extractive-lead';
import type { Citable } from './knowledge-tools';

const passage = (title: string, text: string, context = ''): Citable => ({
  source: { type: 'uploaded', title, snippet: '' },
  context,
  text,
  relevance: 0.8,
});

const DEBIT = passage(
  'debit-notes.pdf',
  `# Debit notes

A debit note asks a vendor to lower what you owe after goods
were returned damaged. Record it in Payables under Adjustments.

## Cancelling a debit note

1. Open the debit note in Payables.
2. Choose **Void** and give the reason.
3. The vendor balance is restored at once.`,
);
const CREDIT = passage(
  'credit-notes.pdf',
  'A credit note lowers what a customer owes you. To cancel a credit note, reverse it from the Receivables ledger with the Reverse button.',
);

describe('the sentences that lead an answer without a model', () => {
  it('picks the sentences holding the question words, cited by passage number, in reading order', () => {
    const lead = leadSentences([CREDIT, DEBIT], 'How do I reverse a credit note?');
    expect(lead).toEqual([
      { text: 'A credit note lowers what a customer owes you.', cite: 1 },
      { text: 'To cancel a credit note, reverse it from the Receivables ledger with the Reverse button.', cite: 1 },
    ]);
  });

  it('weighs rare words over common ones', () => {
    const common = passage('notes.pdf', 'Every note in Payables has a number. The note for freight was posted twice by mistake.');
    const lead = leadSentences([common], 'freight note');
    expect(lead.map((s) => s.text)).toEqual(['The note for freight was posted twice by mistake.']);
  });

  it("counts the search's accounting synonyms of the question's words, for less", () => {
    const retainage = passage(
      'handbook.pdf',
      'Count the cash box with a second employee present. Retainage withheld from a subcontractor is released once the final lien waiver is on file.',
    );
    expect(leadSentences([retainage], 'When does a subbie get the holdback?')).toEqual([
      { text: 'Retainage withheld from a subcontractor is released once the final lien waiver is on file.', cite: 1 },
    ]);
  });

  it("counts a heading's words for the steps under it, and prefers the top passage", () => {
    const lead = leadSentences([DEBIT, CREDIT], 'how do I cancel one?', 'How do I record a debit note for damaged goods?');
    expect(lead[0]).toEqual({ text: 'Open the debit note in Payables.', cite: 1 });
    expect(lead.map((s) => s.text)).toContain('Choose Void and give the reason.');
  });

  it("uses the chat's earlier questions when the follow-up's own words match nothing", () => {
    const lead = leadSentences([CREDIT, DEBIT], 'and how do I undo it?', 'How do I record a debit note?');
    expect(lead[0].cite).toBe(2);
    expect(lead[0].text).toMatch(/debit note/i);
  });

  it("opens with the top passage's first sentence when no word overlaps (a paraphrase)", () => {
    const lead = leadSentences([DEBIT, CREDIT], 'Stuff came back broken, what now?');
    expect(lead).toEqual([{ text: 'A debit note asks a vendor to lower what you owe after goods were returned damaged.', cite: 1 }]);
  });
});

describe("a passage's sentences", () => {
  it('joins wrapped lines, drops list markers and emphasis, and keeps the heading above each', () => {
    const sentences = sentencesOf(DEBIT.text);
    expect(sentences[0]).toEqual({
      text: 'A debit note asks a vendor to lower what you owe after goods were returned damaged.',
      heading: 'Debit notes',
    });
    expect(sentences).toContainEqual({ text: 'Choose Void and give the reason.', heading: 'Cancelling a debit note' });
    expect(sentences.map((s) => s.text)).not.toContain('1.');
  });

  it('reads each table row as one unit naming its columns, and uses the section path before the first heading', () => {
    expect(sentencesOf('| Code | Rate |\n|---|---|\n| 01 | 5 % |\n| 02 | |\nRates change in January.', 'Tax rates')).toEqual([
      { text: 'Code: 01; Rate: 5 %', heading: 'Tax rates' },
      { text: 'Code: 02', heading: 'Tax rates' },
      { text: 'Rates change in January.', heading: 'Tax rates' },
    ]);
    // A table continued without its header row: the cells as they are.
    expect(sentencesOf('| 2421 | Electrical rough-in | 87500 |').map((s) => s.text)).toEqual(['2421; Electrical rough-in; 87500']);
  });

  it('answers a question about a spreadsheet with its matching row', () => {
    const sheet = passage(
      'job-cost-report.xlsx',
      [
        '## Sheet: Job Cost',
        '',
        '| Job | Cost Code | Description | Budget | Actual |',
        '| --- | --- | --- | --- | --- |',
        '| 2417 | 03-300 | Cast-in-place concrete | 184000 | 121340.55 |',
        '| 2417 | 05-120 | Structural steel | 412000 | 390112.1 |',
        '| 2421 | 26-050 | Electrical rough-in | 138200 | 87500 |',
      ].join('\n'),
      'Sheet: Job Cost',
    );
    expect(leadSentences([sheet], 'How much have we spent on structural steel for job 2417?')).toEqual([
      { text: 'Job: 2417; Cost Code: 05-120; Description: Structural steel; Budget: 412000; Actual: 390112.1', cite: 1 },
    ]);
  });
});
