import { describe, expect, it } from 'vitest';
import { parseInvoiceLayout } from './index';
import { layout, type Row } from './test-layouts';

const HEAD: Row[] = [
  [40, [[40, 'Cascade Utility District']]],
  [54, [[40, '80 Reservoir Rd, Bend, OR 97701']]],
  [
    80,
    [
      [380, 'Invoice No.'],
      [470, 'CU-2026-0188'],
    ],
  ],
  [
    94,
    [
      [380, 'Invoice Date'],
      [470, '11/02/2026'],
    ],
  ],
];
/** A lumber-yard item table of two priced rows, 187.00 in all. */
const LUMBER_TABLE: Row[] = [
  [
    240,
    [
      [40, 'Qty'],
      [90, 'Description'],
      [400, 'Price'],
      [480, 'Amount'],
    ],
  ],
  [
    256,
    [
      [40, '12'],
      [90, '2x6x16 SPF #2'],
      [400, '9.50'],
      [480, '114.00'],
    ],
  ],
  [
    270,
    [
      [40, '4'],
      [90, 'OSB 7/16 4x8'],
      [400, '18.25'],
      [480, '73.00'],
    ],
  ],
];
const read = (...rows: Row[][]) => parseInvoiceLayout(layout(rows.flat()))[0];

describe('fields and lines in shapes nobody here prepared', () => {
  it('reads a total printed in a box under its label', () => {
    const invoice = read(HEAD, [
      [200, [[40, 'Service period 10/01/2026 - 10/31/2026']]],
      [
        240,
        [
          [40, 'Description'],
          [470, 'Amount'],
        ],
      ],
      [
        256,
        [
          [40, 'Water service 3/4 in meter'],
          [470, '61.20'],
        ],
      ],
      [
        270,
        [
          [40, 'Sewer base charge'],
          [470, '38.45'],
        ],
      ],
      [330, [[400, 'Total Amount Due']]],
      [352, [[410, '$99.65']]],
    ]);
    expect(invoice.totalAmount?.value).toBe(99.65);
    expect(invoice.lineItems.map((l) => l.amount)).toEqual([61.2, 38.45]);
  });

  it('reads a due date under "Please pay by"', () => {
    const invoice = read(HEAD, [
      [
        110,
        [
          [380, 'Please pay by'],
          [470, '11/22/2026'],
        ],
      ],
      [
        240,
        [
          [40, 'Description'],
          [470, 'Amount'],
        ],
      ],
      [
        256,
        [
          [40, 'Water service'],
          [470, '99.65'],
        ],
      ],
      [
        330,
        [
          [400, 'Total'],
          [470, '99.65'],
        ],
      ],
    ]);
    expect(invoice.dueDate?.value).toBe('2026-11-22');
  });

  it('takes no footer row with an amount for an item', () => {
    const invoice = read(HEAD, LUMBER_TABLE, [
      [
        330,
        [
          [400, 'Total'],
          [480, '187.00'],
        ],
      ],
      [
        380,
        [
          [40, 'Loaded by: R. Ortiz   Checked: T.M.'],
          [480, '187.00'],
        ],
      ],
    ]);
    expect(invoice.lineItems.map((l) => l.description)).toEqual(['2x6x16 SPF #2', 'OSB 7/16 4x8']);
  });

  it('takes no GRAND TOTALS row of a continuation sheet for an item', () => {
    const invoice = read(HEAD, LUMBER_TABLE, [
      [
        284,
        [
          [90, 'GRAND TOTALS'],
          [480, '187.00'],
        ],
      ],
    ]);
    expect(invoice.lineItems.map((l) => l.description)).toEqual(['2x6x16 SPF #2', 'OSB 7/16 4x8']);
    expect(invoice.totalAmount?.value).toBe(187);
  });

  it('keeps a real row with unusual wording', () => {
    const invoice = read(HEAD, [
      [
        240,
        [
          [40, 'Description'],
          [300, 'Hours'],
          [400, 'Rate'],
          [480, 'Amount'],
        ],
      ],
      [
        256,
        [
          [40, 'Crane service 60 ton'],
          [300, '8'],
          [400, '245.00'],
          [480, '1,960.00'],
        ],
      ],
      [
        270,
        [
          [40, 'Standby time over allowance'],
          [300, '2'],
          [400, '245.00'],
          [480, '490.00'],
        ],
      ],
      [
        330,
        [
          [400, 'Total'],
          [480, '2,450.00'],
        ],
      ],
    ]);
    expect(invoice.lineItems.map((l) => l.amount)).toEqual([1960, 490]);
  });

  it('reads stacked Qty / Price / Total blocks as items', () => {
    const invoice = read(HEAD, [
      [240, [[40, 'Site fence panels 6x12']]],
      [
        254,
        [
          [60, 'Qty: 20'],
          [200, 'Price: 14.50'],
          [360, 'Total: 290.00'],
        ],
      ],
      [274, [[40, 'Fence stands']]],
      [
        288,
        [
          [60, 'Qty: 24'],
          [200, 'Price: 4.25'],
          [360, 'Total: 102.00'],
        ],
      ],
      [
        330,
        [
          [300, 'Invoice total'],
          [400, '392.00'],
        ],
      ],
    ]);
    expect(invoice.lineItems.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ['Site fence panels 6x12', 20, 290],
      ['Fence stands', 24, 102],
    ]);
    expect(invoice.totalAmount?.value).toBe(392);
  });

  it('reads a two-row table without header or rules whose amounts are left-aligned', () => {
    const invoice = read(HEAD, [
      [
        240,
        [
          [40, 'Project management seats (5)'],
          [470, '245.00'],
        ],
      ],
      [
        256,
        [
          [40, 'Document storage add-on'],
          [470, '40.00'],
        ],
      ],
      [
        300,
        [
          [380, 'Total'],
          [470, '285.00'],
        ],
      ],
    ]);
    expect(invoice.lineItems.map((l) => [l.description, l.amount])).toEqual([
      ['Project management seats (5)', 245],
      ['Document storage add-on', 40],
    ]);
  });
});
