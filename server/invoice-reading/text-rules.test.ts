import { describe, expect, it } from 'vitest';
import type { InvoiceLayout, LayoutItem } from '../adapters/extractors/index';
import { parseInvoiceLayout } from './index';
import { pageLines } from './layout-lines';
import { layout, page, type Row } from './test-layouts';

/** A layout from positioned items, for rules that depend on font sizes and tight gaps. */
function itemsLayout(items: LayoutItem[]): InvoiceLayout {
  return { pages: [{ page: 1, width: 612, height: 792, items, ocr: false }], attachments: [] };
}
const item = (text: string, x: number, y: number, size = 9, width = text.length * size * 0.5): LayoutItem => ({ text, x, y, width, height: size });

const totals: Row[] = [
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

describe('reading lines', () => {
  it('starts a new line under a name even when a tall title beside it spans both', () => {
    const lines = pageLines(
      itemsLayout([item('Apex Plumbing, Inc.', 40, 36, 15), item('3420 Enterprise Pkwy', 40, 56.7, 8.5), item('Invoice', 470, 34, 30)]).pages[0],
    );
    expect(lines.map((line) => line.cells.map((cell) => cell.text))).toEqual([['Apex Plumbing, Inc.', 'Invoice'], ['3420 Enterprise Pkwy']]);
  });

  it('parts a large title from a name printed close before it', () => {
    const [line] = pageLines(itemsLayout([item('Keystone Electrical', 40, 36, 15, 171), item('INVOICE / STATEMENT', 227, 34, 20)]).pages[0]);
    expect(line.cells.map((cell) => cell.text)).toEqual(['Keystone Electrical', 'INVOICE / STATEMENT']);
  });
});

describe('vendor', () => {
  it('reads the block under a longer seller label and skips the Bill To value column, Attn and address lines', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [
          40,
          [
            [40, 'Attn: Accounts Payable'],
            [400, 'Invoice #'],
            [480, 'A-1'],
          ],
        ],
        [
          80,
          [
            [40, 'FROM SUBCONTRACTOR:'],
            [320, 'TO CONTRACTOR:'],
          ],
        ],
        [
          92,
          [
            [40, 'Ironclad Steel Erectors, Inc.'],
            [320, 'Oakline Construction Group'],
          ],
        ],
        [
          104,
          [
            [40, '2684 Quarry Rd'],
            [320, '863 Mill St'],
          ],
        ],
        ...totals,
      ]),
    );
    expect(invoice.vendor?.value).toBe('Ironclad Steel Erectors, Inc.');
  });

  it('never takes a column header such as From Previous, a Bill To value, Suite or a street line', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [30, [[40, 'Suite 281']]],
        [44, [[40, '3420 Enterprise Pkwy']]],
        [
          100,
          [
            [40, 'Bill To:'],
            [92, 'Harmon Builders'],
            [400, 'Invoice #'],
            [480, 'A-1'],
          ],
        ],
        [112, [[92, 'Attn: Accounts Payable']]],
        [
          300,
          [
            [40, 'Description'],
            [240, 'From Previous'],
            [500, 'Amount'],
          ],
        ],
        [
          316,
          [
            [40, 'Framing labor'],
            [240, '10.00'],
            [500, '100.00'],
          ],
        ],
        ...totals,
      ]),
    );
    expect(invoice.vendor).toBeNull();
  });
});

describe('header fields', () => {
  it("takes 'Issued' as the invoice date, not a delivery date in the line table, and reads 'Subcontract No.'", () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [
          40,
          [
            [40, 'Red River Trucking, Inc.'],
            [400, 'Invoice #'],
            [480, 'T-1'],
          ],
        ],
        [
          100,
          [
            [40, 'Date Out'],
            [120, '06/02/2025'],
            [400, 'Subcontract No.'],
            [480, '4548812484'],
          ],
        ],
        [
          114,
          [
            [400, 'Issued'],
            [480, '06/21/2025'],
          ],
        ],
        [
          200,
          [
            [40, 'Description'],
            [220, 'Date'],
            [400, 'Qty'],
            [500, 'Amount'],
          ],
        ],
        [
          216,
          [
            [40, 'Dump truck'],
            [220, '06/19/2025'],
            [400, '8'],
            [500, '100.00'],
          ],
        ],
        ...totals,
      ]),
    );
    expect(invoice.invoiceDate?.value).toBe('2025-06-21');
    expect(invoice.reference?.value).toBe('4548812484');
  });
});

describe('line items', () => {
  const header = (y: number, more: LayoutItem[] = []) => [
    item('Equip #', 43, y, 8),
    item('Qty', 110, y, 8),
    item('Description', 128, y, 8),
    item('Amount', 540, y, 8),
    ...more,
  ];

  it('splits run-together header and row cells at the columns (Qty | Description)', () => {
    const [invoice] = parseInvoiceLayout(
      itemsLayout([
        item('Invoice #', 400, 40),
        item('R-1', 480, 40),
        ...header(268),
        item('370960', 43, 286),
        item('1', 118, 286),
        item('Telehandler 10,000 lb 55ft', 128, 286),
        item('1,720.00', 530, 286),
        item('Subtotal', 440, 320),
        item('1,720.00', 530, 320),
      ]),
    );
    expect(invoice.lineItems).toMatchObject([{ description: 'Telehandler 10,000 lb 55ft', quantity: 1, amount: 1720 }]);
  });

  it('ends the table at a Subtotal printed beside a note', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [
          40,
          [
            [400, 'Invoice #'],
            [480, 'R-1'],
          ],
        ],
        [
          200,
          [
            [40, 'Description'],
            [330, 'Qty'],
            [500, 'Amount'],
          ],
        ],
        [
          216,
          [
            [40, 'Delivery charge'],
            [330, '1'],
            [500, '150.00'],
          ],
        ],
        [
          240,
          [
            [40, 'Work performed per request.'],
            [390, 'Subtotal'],
            [500, '150.00'],
          ],
        ],
        [
          254,
          [
            [390, 'Total'],
            [500, '150.00'],
          ],
        ],
      ]),
    );
    expect(invoice.lineItems.map((i) => i.description)).toEqual(['Delivery charge']);
  });

  it('folds a discount row into the item above when that item is still quantity x price, and drops other discount rows', () => {
    const rows: Row[] = [
      [
        40,
        [
          [400, 'Rechnungsnummer'],
          [480, 'R-1'],
        ],
      ],
      [
        200,
        [
          [40, 'Bezeichnung'],
          [300, 'Menge'],
          [400, 'Einzelpreis'],
          [500, 'Gesamt'],
        ],
      ],
      [
        216,
        [
          [40, 'Kunstrasen'],
          [300, '3'],
          [400, '4,00'],
          [500, '12,00'],
        ],
      ],
      [
        232,
        [
          [352, 'abzgl.'],
          [400, '16,7% Rabatt'],
          [500, '-2,00'],
        ],
      ],
      [
        248,
        [
          [40, 'Pfand'],
          [300, '20'],
          [400, '2,77'],
          [500, '55,40'],
        ],
      ],
      [
        262,
        [
          [40, 'Rechnungsrabatt'],
          [500, '-1,00'],
        ],
      ],
      [
        290,
        [
          [390, 'Gesamtbetrag'],
          [500, '64,40'],
        ],
      ],
    ];
    const [invoice] = parseInvoiceLayout(layout(rows));
    expect(invoice.lineItems.map((i) => [i.description, i.amount])).toEqual([
      ['Kunstrasen', 10],
      ['Pfand', 55.4],
    ]);
  });

  it('joins a description cut short at the column edge, but not a note under a short name', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [
          40,
          [
            [400, 'Rechnungsnummer'],
            [480, 'R-1'],
          ],
        ],
        [
          200,
          [
            [40, 'Bezeichnung'],
            [300, 'Menge'],
            [500, 'Gesamt'],
          ],
        ],
        [
          216,
          [
            [40, 'Mineralwasser Medium Kiste'],
            [300, '20'],
            [500, '109,80'],
          ],
        ],
        [226, [[40, '12 x 1,0l PET']]],
        [
          246,
          [
            [40, 'Schweinesteak'],
            [300, '5'],
            [500, '27,50'],
          ],
        ],
        [256, [[40, 'aus Deutschland']]],
        [
          290,
          [
            [390, 'Gesamtbetrag'],
            [500, '137,30'],
          ],
        ],
      ]),
    );
    expect(invoice.lineItems.map((i) => i.description)).toEqual(['Mineralwasser Medium Kiste 12 x 1,0l PET', 'Schweinesteak']);
  });
});

describe('tax', () => {
  it('adds up VAT printed per rate when there is no single VAT total', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [
          40,
          [
            [400, 'Rechnungsnummer'],
            [480, 'R-1'],
          ],
        ],
        [
          300,
          [
            [60, 'Rechnungssumme Netto'],
            [500, '473,00'],
          ],
        ],
        [
          314,
          [
            [60, 'Steuerbasisbetrag USt. 7%'],
            [430, '275,00'],
            [500, '19,25'],
          ],
        ],
        [
          328,
          [
            [60, 'Steuerbasisbetrag USt. 19%'],
            [430, '198,00'],
            [500, '37,62'],
          ],
        ],
        [
          342,
          [
            [60, 'Rechnungssumme Brutto'],
            [500, '529,87'],
          ],
        ],
      ]),
    );
    expect(invoice.taxAmount?.value).toBe(56.87);
    expect(invoice.totalAmount?.value).toBe(529.87);
  });

  it('reads the tax total under a column header of a totals table, not the rate column', () => {
    const [invoice] = parseInvoiceLayout({
      pages: [
        page(1, [
          [
            40,
            [
              [400, 'Rechnungsnummer'],
              [480, 'R-1'],
            ],
          ],
          [
            700,
            [
              [50, 'Nettobetrag'],
              [200, 'MwSt-Betrag'],
              [300, 'MwSt-%'],
              [450, 'Endbetrag'],
            ],
          ],
          [
            712,
            [
              [50, '321,40'],
              [200, '61,07'],
              [300, '19,0'],
              [450, '382,47'],
            ],
          ],
          [
            724,
            [
              [50, '127,59'],
              [200, '8,93'],
              [300, '7,0'],
              [450, '136,52'],
            ],
          ],
          [
            740,
            [
              [50, '448,99'],
              [200, '70,00'],
              [300, 'EUR'],
              [450, '518,99'],
            ],
          ],
        ]),
      ],
      attachments: [],
    });
    expect(invoice.taxAmount?.value).toBe(70);
    expect(invoice.totalAmount?.value).toBe(518.99);
  });
});
