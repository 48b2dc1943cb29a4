import { describe, expect, it } from 'vitest';
import type { LayoutItem } from '../adapters/extractors';
import { parseInvoiceLayout } from './index';
import { item, itemsLayout } from './test-layouts';

const vendorOf = (items: LayoutItem[]) =>
  parseInvoiceLayout(
    itemsLayout([...items, item('Invoice #', 400, 40), item('R-3310', 460, 40), item('Total', 400, 500), item('250.00', 480, 500)]),
  )[0].vendor?.value;

describe('vendor evidence beyond the letterhead', () => {
  it('prefers the name that spells the web or e-mail domain the invoice comes from', () => {
    const items = [
      item('Harbor Builders', 40, 150, 11),
      item('88 Pier Street', 40, 164),
      item('Keller Masonry', 40, 760),
      item('12 Quarry Rd, Salem OR', 140, 760),
      item('www.kellermasonry.com', 300, 760),
    ];
    expect(vendorOf(items)).toBe('Keller Masonry');
    // The same page without the domain: the name in the header wins, as before.
    expect(vendorOf(items.slice(0, 4))).toBe('Harbor Builders');
  });

  it('prefers the name that spells the domain over a customer whose name has a legal form', () => {
    const items = [item('Harbor Builders LLC', 40, 150, 11), item('88 Pier Street', 40, 164), item('KELLERMASONRY', 40, 60, 11)];
    expect(vendorOf([...items, item('orders@kellermasonry.com', 300, 760)])).toBe('KELLERMASONRY');
    expect(vendorOf(items)).toBe('Harbor Builders LLC');
  });

  it('does not take a customer whose name only starts with the domain', () => {
    expect(
      vendorOf([item('Keller Masonry GmbH', 40, 40, 12), item('Kellerbauinvest AG', 40, 150, 11), item('www.kellerbau.example', 300, 760)]),
    ).toBe('Keller Masonry GmbH');
  });

  it('ignores the domain of a free mail provider', () => {
    expect(
      vendorOf([
        item('Harbor Builders', 40, 150, 11),
        item('Keller Masonry', 40, 760),
        item('kellermasonry@gmail.com', 300, 760),
        item('harbor.builders@outlook.com', 40, 176),
      ]),
    ).toBe('Harbor Builders');
  });

  it('takes the name a logo’s initials stand for', () => {
    expect(vendorOf([item('KPS', 40, 30, 30), item('Keller Plumbing & Supply', 40, 70, 10), item('410 Foundry St', 40, 84)])).toBe(
      'Keller Plumbing & Supply',
    );
  });

  it('never takes a sentence about payment for a name', () => {
    expect(
      vendorOf([item('T. Sands Aggregate Transport', 40, 40, 10), item('Make checks payable to the company above. Thank you!', 40, 740, 12)]),
    ).toBe('T. Sands Aggregate Transport');
  });
});
