import { describe, expect, it } from 'vitest';
import { parseInvoiceLayout } from './index';
import { layout, type Row } from './test-layouts';

const header: Row[] = [
  [40, [[40, 'Apex Plumbing & Mechanical Services, Inc.']]],
  [
    60,
    [
      [380, 'Invoice #'],
      [460, '40703'],
    ],
  ],
  [
    72,
    [
      [380, 'Date'],
      [460, '01/22/2025'],
    ],
  ],
];

describe('line items without a table header', () => {
  it('reads rows whose quantity, price and amount multiply out, and stops at the totals', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        ...header,
        // The header band was lost (as OCR loses white-on-dark headings): only the rows remain.
        [
          200,
          [
            [40, 'Apprentice Regular Time'],
            [300, '3.50 HR'],
            [380, '58.00'],
            [480, '203.00'],
          ],
        ],
        [
          214,
          [
            [40, 'Ball Valve 3/4" Lead Free'],
            [300, '3 EA'],
            [380, '28.40'],
            [480, '85.20'],
          ],
        ],
        [
          228,
          [
            [40, 'THHN #12 Copper'],
            [300, '500'],
            [380, '8.40'],
            [480, '42.00'],
          ],
        ],
        [
          260,
          [
            [380, 'Subtotal'],
            [480, '330.20'],
          ],
        ],
        [
          274,
          [
            [380, 'Total Due'],
            [480, '330.20'],
          ],
        ],
        [288, [[40, 'Finance charge 1.5 x 10.00 15.00']]],
      ]),
    );
    expect(invoice.lineItems.map((item) => [item.description, item.quantity, item.unitPrice, item.amount])).toEqual([
      ['Apprentice Regular Time', 3.5, 58, 203],
      ['Ball Valve 3/4" Lead Free', 3, 28.4, 85.2],
      // Priced per hundred feet (C).
      ['THHN #12 Copper', 500, 8.4, 42],
    ]);
  });

  it('takes no single multiplying line for a table', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        ...header,
        [200, [[40, 'Service call 2 x 75.00 150.00']]],
        [
          260,
          [
            [380, 'Total Due'],
            [480, '150.00'],
          ],
        ],
      ]),
    );
    expect(invoice.lineItems).toEqual([]);
  });
});
