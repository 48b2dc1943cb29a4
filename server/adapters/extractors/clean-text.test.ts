import { describe, expect, it } from 'vitest';
import { cleanStrings, cleanText } from './clean-text';

describe('cleanText', () => {
  it('drops NUL and other control characters, keeping tabs, line breaks and page breaks', () => {
    expect(cleanText('Ac\u0000me\u0007 Supply\u001b\u007f')).toBe('Acme Supply');
    expect(cleanText('Qty\tAmount\r\nPage 1\fPage 2')).toBe('Qty\tAmount\r\nPage 1\fPage 2');
  });

  it('replaces an unpaired surrogate, which jsonb refuses, and keeps paired ones', () => {
    expect(cleanText('Total \ud800 due')).toBe('Total \ufffd due');
    expect(cleanText('\udfff')).toBe('\ufffd');
    expect(cleanText('Paid 😀')).toBe('Paid 😀');
  });

  it('cleans every string of an extraction, keys included, and leaves other values alone', () => {
    const cleaned = cleanStrings({ text: 'a\u0000b', pages: [1, 'c\ud800'], meta: { 'k\u0001': true, n: null } });
    expect(cleaned).toEqual({ text: 'ab', pages: [1, 'c\ufffd'], meta: { k: true, n: null } });
    // Every result can be stored as jsonb: no NUL, no lone surrogate.
    expect(JSON.stringify(cleaned)).not.toMatch(/\\u0000|\\ud[89ab]/i);
  });
});
