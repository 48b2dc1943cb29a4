import { describe, expect, it } from 'vitest';
import type { LayoutItem } from '../adapters/extractors';
import { parseInvoiceLayout } from './index';
import { item, itemsLayout, layout, type Row } from './test-layouts';

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

  it('takes no totals-block row for an item, in Dutch and German or as a bare label', () => {
    const rows = (labels: string[]): Row[] => [
      [
        40,
        [
          [400, 'Factuurnummer'],
          [480, 'F-7'],
        ],
      ],
      [
        200,
        [
          [40, 'Omschrijving'],
          [330, 'Aantal'],
          [500, 'Bedrag'],
        ],
      ],
      [
        216,
        [
          [40, 'Koppeling 22 mm'],
          [330, '2'],
          [500, '7,08'],
        ],
      ],
      [
        230,
        [
          [40, 'Koperen buis 15 mm'],
          [330, '3'],
          [500, '16,87'],
        ],
      ],
      ...labels.map((label, i): Row => [
        250 + i * 14,
        [
          [40, label],
          [500, ['23,95', '5,03', '28,98'][i % 3]],
        ],
      ]),
    ];
    for (const labels of [
      ['Subtotaal', 'BTW 21%', 'Factuurtotaal'],
      ['Netto', 'Mehrwertsteuer', 'Brutto'],
      ['NET:', 'Invoice Balance'],
    ]) {
      const [invoice] = parseInvoiceLayout(layout(rows(labels)));
      expect(
        invoice.lineItems.map((i) => i.description),
        labels.join(', '),
      ).toEqual(['Koppeling 22 mm', 'Koperen buis 15 mm']);
    }
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
