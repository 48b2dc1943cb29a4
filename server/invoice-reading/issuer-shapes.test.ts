import { describe, expect, it } from 'vitest';
import type { LayoutItem } from '../adapters/extractors';
import { parseInvoiceLayout } from './index';
import { item, itemsLayout } from './test-layouts';

const read = (items: LayoutItem[]) => parseInvoiceLayout(itemsLayout([...items, item('Total', 400, 500), item('250.00', 480, 500)]))[0];
const vendorOf = (items: LayoutItem[]) => read([...items, item('Invoice #', 400, 40), item('R-3310', 460, 40)]).vendor?.value;

describe('issuer shapes seen on invoices nobody prepared', () => {
  it('never takes a table heading for the issuer', () => {
    expect(
      vendorOf([
        item('Description', 40, 250, 11),
        item('Qty', 300, 250, 11),
        item('Amount', 480, 250, 11),
        item('Fenwick Timber', 40, 760),
        item('4 Mill Lane, Keene NH 03431', 160, 760),
      ]),
    ).toBe('Fenwick Timber');
  });

  it('never takes a slogan for the issuer', () => {
    expect(vendorOf([item('Pay it your way!', 40, 30, 16), item('Brightline Signs', 40, 60, 10), item('22 Elm St', 40, 74)])).toBe(
      'Brightline Signs',
    );
  });

  it('takes the company named inside a legal sentence, not the sentence', () => {
    expect(vendorOf([item('Goods supplied by Fenwick Timber Ltd. under these terms and conditions of sale.', 40, 760, 8)])).toBe(
      'Fenwick Timber Ltd.',
    );
  });

  it('reads a name printed twice in one line once', () => {
    expect(vendorOf([item('Brightline Signs Brightline Signs', 40, 40, 12)])).toBe('Brightline Signs');
  });

  it('keeps a hyphenated invoice number whole', () => {
    expect(read([item('Brightline Signs', 40, 40, 12), item('Invoice No.', 400, 40), item('INV-2026-00417', 460, 40)]).invoiceNumber?.value).toBe(
      'INV-2026-00417',
    );
    expect(read([item('Brightline Signs', 40, 40, 12), item('Invoice No. INV-2026-00417', 400, 40)]).invoiceNumber?.value).toBe('INV-2026-00417');
  });
});
