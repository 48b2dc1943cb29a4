import { describe, expect, it } from 'vitest';
import { parseInvoiceLayout } from './index';
import { layout, type Row } from './test-layouts';

/** A made-up bill: one charge, then its total under the given label. */
function billWith(label: string, amount: string): Row[] {
  return [
    [60, [[72, 'Ridgeline Telecom Inc.']]],
    [
      80,
      [
        [72, 'Bill number'],
        [200, 'RT-88120-4'],
      ],
    ],
    [
      200,
      [
        [72, 'Description'],
        [400, 'Amount'],
      ],
    ],
    [
      220,
      [
        [72, 'Site office line, November'],
        [400, amount],
      ],
    ],
    [
      300,
      [
        [300, label],
        [450, amount],
      ],
    ],
  ];
}

describe('totals of bills under the labels utilities, carriers and subscriptions print', () => {
  it.each([
    ['Total', '84.20', 84.2],
    ['Total New Charges', '84.20', 84.2],
    ['New charges', '84.20', 84.2],
    ['Total bill amount', '84.20', 84.2],
    ['Total payable', '84.20', 84.2],
    ['Amount to be paid', '84.20', 84.2],
    ['Zu zahlender Betrag', '84,20', 84.2],
    ['Te betalen bedrag', '84,20', 84.2],
  ])('reads "%s"', (label, amount, expected) => {
    expect(parseInvoiceLayout(layout(billWith(label, amount)))[0].totalAmount?.value).toBe(expected);
  });
});
