import { describe, expect, it } from 'vitest';
import { splitSentences, toSpeakableText } from './speakable-text';

describe('markdown read aloud', () => {
  it('drops emphasis, heading hashes, bullets and numbering, each heading and item a sentence of its own', () => {
    const spoken = toSpeakableText(
      '## Open items\n\nYou have **two** _urgent_ items:\n\n- Approve the *draft*\n* Post the ~~old~~ batch\n1. Call the vendor\n2) Close the month',
    );
    expect(spoken).toBe('Open items.\nYou have two urgent items.\nApprove the draft.\nPost the old batch.\nCall the vendor.\nClose the month.');
    expect(spoken).not.toMatch(/[*_#|~]/);
  });

  it('joins a paragraph written over several lines and strips quote marks', () => {
    expect(toSpeakableText('> The crew finished\n> the east wing.')).toBe('The crew finished the east wing.');
  });

  it('keeps link text, drops URLs, images and citation markers', () => {
    const spoken = toSpeakableText(
      'Read [the payables guide](https://docs.example.test/ap/guide?x=1) first [1]. ![Chart](chart.png) Then post it [2, 3][4].',
    );
    expect(spoken).toBe('Read the payables guide first. Then post it.');
  });

  it('says the site of a bare address instead of spelling it out', () => {
    expect(toSpeakableText('More at https://help.example.test/a/b today.')).toBe('More at help dot example dot test today.');
  });

  it('replaces a fenced code block with a short phrase', () => {
    const spoken = toSpeakableText('Run this:\n\n```sql\nselect * from ledger where amount > 100;\n```\n\nThen refresh.');
    expect(spoken).toBe('Run this.\nA code example is shown on screen.\nThen refresh.');
  });

  it('reads inline code as its text and snake_case as words', () => {
    expect(toSpeakableText('Set `SPEECH_BASE_URL` first.')).toBe('Set SPEECH BASE URL first.');
  });

  it('reads a table row by row as header: value sentences', () => {
    const table = '| Invoice | Vendor | Amount |\n|---|---|---:|\n| INV-20417 | Bluefin Paving | $1,234.50 |\n| J-1042 | | $12 |';
    expect(toSpeakableText(`Two invoices:\n\n${table}`)).toBe(
      [
        'Two invoices.',
        'Invoice: I N V, two zero four one seven, Vendor: Bluefin Paving, Amount: one thousand two hundred thirty-four dollars and fifty cents.',
        'Invoice: J, one zero four two, Amount: twelve dollars.',
      ].join('\n'),
    );
  });

  it('reads the first rows of a long table and says how many are left on screen', () => {
    const rows = Array.from({ length: 14 }, (_, i) => `| Row ${i + 1} | ok |`);
    const spoken = toSpeakableText(['| Name | State |', '| --- | --- |', ...rows].join('\n')).split('\n');
    expect(spoken).toHaveLength(11);
    expect(spoken[0]).toBe('Name: Row one, State: ok.');
    expect(spoken[10]).toBe('And four more rows are shown on screen.');
  });
});

describe('amounts, dates and numbers read aloud', () => {
  const say = (text: string) => toSpeakableText(text).replace(/\.$/, '');

  it('reads money with its currency and cents', () => {
    expect(say('$1,234.50')).toBe('one thousand two hundred thirty-four dollars and fifty cents');
    expect(say('$12')).toBe('twelve dollars');
    expect(say('€5.10')).toBe('five euros and ten cents');
    expect(say('$1.01')).toBe('one dollar and one cent');
    expect(say('$0.50')).toBe('fifty cents');
    expect(say('£3')).toBe('three pounds');
    expect(say('-$40')).toBe('minus forty dollars');
    expect(say('$2.5M')).toBe('two point five million dollars');
    expect(say('$3 billion')).toBe('three billion dollars');
    expect(say('USD 300')).toBe('three hundred dollars');
    expect(say('75 EUR')).toBe('seventy-five euros');
  });

  it('reads percentages', () => {
    expect(say('45%')).toBe('forty-five percent');
    expect(say('4.5 %')).toBe('four point five percent');
  });

  it('reads ISO, US (month first) and written dates as month, ordinal day and spoken year', () => {
    expect(say('2026-03-04')).toBe('March fourth, twenty twenty-six');
    expect(say('03/04/2026')).toBe('March fourth, twenty twenty-six');
    expect(say('12/31/25')).toBe('December thirty-first, twenty twenty-five');
    expect(say('March 4, 2026')).toBe('March fourth, twenty twenty-six');
    expect(say('4 March 2026')).toBe('March fourth, twenty twenty-six');
    expect(say('Due Sept. 22nd')).toBe('Due September twenty-second');
    expect(say('2005-01-01')).toBe('January first, two thousand five');
    expect(say('2026-13-40')).not.toMatch(/\d/);
  });

  it('reads invoice, job and PO numbers character group by group, digits one by one', () => {
    expect(say('INV-20417')).toBe('I N V, two zero four one seven');
    expect(say('J-1042')).toBe('J, one zero four two');
    expect(say('PO 7781-A')).toBe('P O seven seven eight one, A');
    expect(say('INV20417')).toBe('I N V two zero four one seven');
    expect(say('Check 50321')).toBe('Check five zero three two one');
    expect(say('job #4410')).toBe('job number four four one zero');
    expect(say('Call 555-010-4477')).toBe('Call five five five, zero one zero, four four seven seven');
  });

  it('reads a year as a year, unless it names an invoice or job', () => {
    expect(say('Since 2019')).toBe('Since twenty nineteen');
    expect(say('in 1905')).toBe('in nineteen oh five');
    expect(say('invoice 2024')).toBe('invoice two zero two four');
  });

  it('reads counts, separated thousands, decimals and big numbers as words', () => {
    expect(say('3 invoices')).toBe('three invoices');
    expect(say('0 open items')).toBe('zero open items');
    expect(say('1,042 lines')).toBe('one thousand forty-two lines');
    expect(say('2,000,000,000,017 units')).toBe('two trillion seventeen units');
    expect(say('3.75 hours')).toBe('three point seven five hours');
    expect(say('-7 units')).toBe('minus seven units');
  });

  it('reads ranges, times, ordinals and decades', () => {
    expect(say('3-5 days')).toBe('three to five days');
    expect(say('2024-2025')).toBe('twenty twenty-four to twenty twenty-five');
    expect(say('at 10:30')).toBe('at ten thirty');
    expect(say('at 9:05 PM')).toBe('at nine oh five P M');
    expect(say('by 5pm')).toBe('by five P M');
    expect(say('the 21st')).toBe('the twenty-first');
    expect(say('the 1990s')).toBe('the nineteen nineties');
  });
});

describe('sentence splitting', () => {
  it('splits at sentence ends and line breaks, dropping empty pieces', () => {
    expect(splitSentences('First one. Second one! Third one?\n\n  \nFourth one\n...')).toEqual([
      'First one.',
      'Second one!',
      'Third one?',
      'Fourth one',
    ]);
  });

  it('never splits inside titles, e.g., No. or decimals', () => {
    const text = 'Mr. Tarrow met Dr. Brackwell, e.g. at No. 5 on Jan. 3 and paid 3.5 percent. J. Quennell agreed. Next.';
    expect(splitSentences(text)).toEqual([
      'Mr. Tarrow met Dr. Brackwell, e.g. at No. 5 on Jan. 3 and paid 3.5 percent.',
      'J. Quennell agreed.',
      'Next.',
    ]);
  });

  it('cuts a long sentence at commas, semicolons or spaces under the limit', () => {
    const long = `${Array.from({ length: 30 }, (_, i) => `item number ${i + 1}`).join(', ')}; and then a closing clause without any commas at all.`;
    const pieces = splitSentences(long, 80);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(80);
    expect(pieces[0]).toMatch(/,$/);
    expect(pieces.join(' ')).toBe(long);
  });

  it('cuts a sentence with no commas at spaces, and a single huge word anywhere', () => {
    expect(splitSentences('word '.repeat(50).trim(), 42).every((piece) => piece.length <= 42)).toBe(true);
    expect(splitSentences('x'.repeat(95), 40)).toEqual(['x'.repeat(40), 'x'.repeat(40), 'x'.repeat(15)]);
  });
});
