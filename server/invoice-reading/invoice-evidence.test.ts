import { describe, expect, it } from 'vitest';
import { looksLikeInvoice, parseInvoiceLayout } from './index';
import { layout } from './test-layouts';

describe('looksLikeInvoice', () => {
  it('refuses a page with a name and a date but nothing to pay (meeting notes)', () => {
    const [read] = parseInvoiceLayout(
      layout([
        [60, [[72, 'Weekly site meeting notes']]],
        [80, [[72, 'Date: 03/14/2026']]],
        [100, [[72, 'Attendees: Dana, Luis, Priya']]],
        [120, [[72, '1. Concrete pour moved to Friday']]],
      ]),
    );
    expect(looksLikeInvoice(read)).toBe(false);
  });

  it('takes a bill with an amount due even when no number or table was found', () => {
    const [read] = parseInvoiceLayout(
      layout([
        [60, [[72, 'Ridgeline Portable Toilets']]],
        [80, [[72, 'Service for March']]],
        [
          120,
          [
            [72, 'Amount Due'],
            [300, '$185.00'],
          ],
        ],
      ]),
    );
    expect(read.totalAmount?.value).toBe(185);
    expect(looksLikeInvoice(read)).toBe(true);
  });
});
