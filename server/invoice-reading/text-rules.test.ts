import { describe, expect, it } from 'vitest';
import { parseInvoiceLayout } from './index';
import { pageLines } from './layout-lines';
import { item, itemsLayout, layout, page, totals } from './test-layouts';
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
