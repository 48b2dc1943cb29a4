/**
 * Builds invoice layouts for tests: rows of text placed at x positions, in points, on a letter
 * page; item widths follow a 10 pt font (about 5 pt a character).
 */
import type { InvoiceLayout, LayoutItem, LayoutPage } from '../adapters/extractors';

export type Row = [y: number, cells: Array<[x: number, text: string]>];

export function page(number: number, rows: Row[], size = 10): LayoutPage {
  const items: LayoutItem[] = rows.flatMap(([y, cells]) => cells.map(([x, text]) => ({ text, x, y, width: text.length * size * 0.5, height: size })));
  return { page: number, width: 612, height: 792, items, ocr: false };
}

export function layout(...pages: Row[][]): InvoiceLayout {
  return { pages: pages.map((rows, i) => page(i + 1, rows)), attachments: [] };
}

/** A US supply-house invoice: letterhead, bill/ship to, terms, a table with a wrapped line, totals. */
export function supplyInvoiceRows(number = 'INV-20417', overrides: { total?: string } = {}): Row[] {
  return [
    [
      40,
      [
        [40, 'Summit Electrical Supply Inc.'],
        [400, 'INVOICE'],
      ],
    ],
    [
      54,
      [
        [40, '1200 Industrial Pkwy, Denver, CO 80216'],
        [400, 'Invoice #'],
        [480, number],
      ],
    ],
    [
      68,
      [
        [40, 'Phone (303) 555-0142'],
        [400, 'Invoice Date'],
        [480, '11/03/2025'],
      ],
    ],
    [
      82,
      [
        [40, 'ar@summitelectric.com'],
        [400, 'Terms'],
        [480, 'Net 30'],
      ],
    ],
    [
      96,
      [
        [400, 'Customer PO'],
        [480, 'PO-7781'],
      ],
    ],
    [
      130,
      [
        [40, 'Bill To:'],
        [300, 'Ship To:'],
      ],
    ],
    [
      144,
      [
        [40, 'Keystone Builders LLC'],
        [300, 'Job 2417 - Riverside Medical'],
      ],
    ],
    [
      158,
      [
        [40, '88 Main Street, Aurora, CO 80010'],
        [300, '500 River Rd, Denver CO'],
      ],
    ],
    [
      200,
      [
        [40, 'Item'],
        [120, 'Description'],
        [330, 'Qty'],
        [390, 'Unit Price'],
        [500, 'Amount'],
      ],
    ],
    [
      216,
      [
        [40, 'THHN12-500'],
        [120, '12 AWG THHN copper wire,'],
        [330, '4'],
        [390, '89.50'],
        [500, '358.00'],
      ],
    ],
    [228, [[120, '500 ft spool, black']]],
    [
      244,
      [
        [40, 'EMT-075'],
        [120, '3/4" EMT conduit 10 ft'],
        [330, '50'],
        [390, '6.25'],
        [500, '312.50'],
      ],
    ],
    [
      260,
      [
        [40, 'BX-4SQ'],
        [120, '4" square box, 2-1/8" deep'],
        [330, '25'],
        [390, '3.10'],
        [500, '77.50'],
      ],
    ],
    [
      300,
      [
        [390, 'Subtotal'],
        [500, '748.00'],
      ],
    ],
    [
      314,
      [
        [390, 'Sales Tax'],
        [500, '59.84'],
      ],
    ],
    [
      328,
      [
        [390, 'Freight'],
        [500, '25.00'],
      ],
    ],
    [
      342,
      [
        [390, 'Previous Balance'],
        [500, '1,200.00'],
      ],
    ],
    [
      356,
      [
        [390, 'Total Due'],
        [500, overrides.total ?? '832.84'],
      ],
    ],
  ];
}

/** A layout from positioned items, for rules that depend on font sizes and tight gaps. */
export function itemsLayout(items: LayoutItem[]): InvoiceLayout {
  return { pages: [{ page: 1, width: 612, height: 792, items, ocr: false }], attachments: [] };
}
export const item = (text: string, x: number, y: number, size = 9, width = text.length * size * 0.5): LayoutItem => ({
  text,
  x,
  y,
  width,
  height: size,
});

/** A Subtotal and a Total Due row of 100.00, under an item table. */
export const totals: Row[] = [
  [
    400,
    [
      [390, 'Subtotal'],
      [500, '100.00'],
    ],
  ],
  [
    414,
    [
      [390, 'Total Due'],
      [500, '100.00'],
    ],
  ],
];
