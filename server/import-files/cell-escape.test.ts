import { describe, expect, it } from 'vitest';
import { escapeCellText, escapeCellTextWithin } from './cell-escape';

describe('escapeCellText', () => {
  it('puts a quote before text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(escapeCellText(text)).toBe(`'${text}`);
    }
  });

  it('leaves ordinary text alone, including formula characters further in', () => {
    for (const text of ['Short load charge', 'PO 2417-031', 'a=b', "'already quoted", '', ' =spaced']) {
      expect(escapeCellText(text)).toBe(text);
    }
  });
});

describe('escapeCellTextWithin', () => {
  it('truncates so the escaped text still fits the field', () => {
    expect(escapeCellTextWithin('RM-88231-ABCDEFGHIJ', 15)).toBe('RM-88231-ABCDEF');
    expect(escapeCellTextWithin('-88231-ABCDEFGHIJ', 15)).toBe("'-88231-ABCDEFG");
    expect(escapeCellTextWithin('=1', 15)).toBe("'=1");
  });
});
