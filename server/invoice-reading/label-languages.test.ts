import { describe, expect, it } from 'vitest';
import { parseInvoiceLayout } from './index';
import { layout, type Row } from './test-layouts';

/** A made-up invoice head and item, then the totals block in the given words. */
function withTotals(totals: Array<[label: string, amount: string]>): Row[] {
  return [
    [60, [[72, 'Van Dijk Bouwmaterialen B.V.']]],
    [80, [[72, 'Factuurnummer: F-2026-118']]],
    [
      200,
      [
        [72, 'Omschrijving'],
        [400, 'Bedrag'],
      ],
    ],
    [
      220,
      [
        [72, 'Steigerhuur week 12'],
        [400, '100,00'],
      ],
    ],
    ...totals.map(([label, amount], i): Row => [
      300 + i * 16,
      [
        [300, label],
        [450, amount],
      ],
    ]),
  ];
}

describe('totals labelled in Dutch and other common phrasings', () => {
  it('takes the charges of this bill, not a paid balance or one carried over', () => {
    const totalOf = (totals: Array<[string, string]>) => parseInvoiceLayout(layout(withTotals(totals)))[0].totalAmount?.value;
    expect(
      totalOf([
        ['Total Charges', '$100.00'],
        ['Payment', '$100.00'],
        ['Balance Due', '$0.00'],
      ]),
    ).toBe(100);
    expect(
      totalOf([
        ['Previous Balance', '500.00'],
        ['Payments Received', '-500.00'],
        ['Current Charges', '100.00'],
        ['Amount Due', '100.00'],
      ]),
    ).toBe(100);
  });

  it('reads a Dutch totals block: subtotaal, BTW, totaal te betalen', () => {
    const [invoice] = parseInvoiceLayout(
      layout(
        withTotals([
          ['Subtotaal', '€ 100,00'],
          ['BTW 21%', '€ 21,00'],
          ['Totaal te betalen', '€ 121,00'],
        ]),
      ),
    );
    expect(invoice.subtotal?.value).toBe(100);
    expect(invoice.totalAmount?.value).toBe(121);
  });

  it('takes a total said to include the tax or to have been paid, not the total without it', () => {
    for (const label of ['Total paid with VAT', 'Total with tax', 'Total paid']) {
      const totals: Array<[string, string]> = [
        ['Total without VAT', '100 EUR'],
        [label, '121 EUR'],
      ];
      expect(parseInvoiceLayout(layout(withTotals(totals)))[0].totalAmount?.value, label).toBe(121);
    }
  });

  it("reads the value past a separator printed or OCR'd as a cell of its own", () => {
    for (const separator of [':', '+', '|']) {
      const [invoice] = parseInvoiceLayout(
        layout([
          [60, [[72, 'Bouwbedrijf De Vries B.V.']]],
          [
            80,
            [
              [72, 'N° de facture'],
              [150, separator],
              [200, '11608848301659'],
            ],
          ],
          [
            300,
            [
              [300, 'Total'],
              [450, '12,99'],
            ],
          ],
        ]),
      );
      expect(invoice.invoiceNumber?.value, separator).toBe('11608848301659');
    }
  });

  it('finds a totals label that OCR misread, l for i or 1, o for 0', () => {
    for (const label of ['Zahibetrag', 'T0tal', 'Tota1', 'Factuurtotaai']) {
      const totals: Array<[string, string]> = [
        ['Subtotaal', '100,00'],
        [label, '121,00'],
      ];
      expect(parseInvoiceLayout(layout(withTotals(totals)))[0].totalAmount?.value, label).toBe(121);
    }
  });

  it('takes the amount to pay and the total after tax, never the subtotal', () => {
    for (const label of ['Total amount after Tax', 'Order total (incl. VAT)', 'Total to Pay', 'Factuurtotaal', 'À payer (TTC)']) {
      const [invoice] = parseInvoiceLayout(
        layout(
          withTotals([
            ['Subtotal', '100,00'],
            [label, '121,00'],
          ]),
        ),
      );
      expect(invoice.totalAmount?.value, label).toBe(121);
    }
  });
});

describe('header labels in Dutch and other common wordings', () => {
  it('reads the number and dates under Factuurnummer, Factuurdatum and Vervaldatum', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [60, [[72, 'Van Dijk Bouwmaterialen B.V.']]],
        [80, [[72, 'Factuurnummer: 2026-0412']]],
        [96, [[72, 'Factuurdatum: 14-03-2026']]],
        [112, [[72, 'Vervaldatum: 13-04-2026']]],
        [
          300,
          [
            [300, 'Totaal te betalen'],
            [450, '€ 121,00'],
          ],
        ],
      ]),
    );
    expect(invoice.invoiceNumber?.value).toBe('2026-0412');
    expect(invoice.invoiceDate?.value).toBe('2026-03-14');
    expect(invoice.dueDate?.value).toBe('2026-04-13');
  });

  it('takes the order reference labelled Order ID, Order No, Auftragsnummer or Referentie', () => {
    for (const label of ['Order ID :', 'Order No:', 'Auftragsnummer', 'Referentie :']) {
      const [invoice] = parseInvoiceLayout(
        layout([
          [60, [[72, 'Harbor Crane Rental']]],
          [80, [[72, 'Invoice No. HC-20931']]],
          [
            96,
            [
              [72, label],
              [200, 'WO-4410'],
            ],
          ],
          [
            300,
            [
              [300, 'Total'],
              [450, '410.00'],
            ],
          ],
        ]),
      );
      expect(invoice.reference?.value, label).toBe('WO-4410');
    }
  });

  it('takes an unlabelled date printed alone, or after the place, in the upper half of the page', () => {
    for (const [printed, iso] of [
      ['October 5, 2025', '2025-10-05'],
      ['Musterstadt, November 2, 2015', '2015-11-02'],
    ]) {
      const [invoice] = parseInvoiceLayout(
        layout([
          [60, [[72, 'Harbor Crane Rental']]],
          [290, [[72, printed]]],
          [
            500,
            [
              [300, 'Total'],
              [450, '410.00'],
            ],
          ],
          [540, [[72, 'Billing period March 1, 2025 to March 31, 2025']]],
        ]),
      );
      expect(invoice.invoiceDate?.value, printed).toBe(iso);
    }
  });

  it('reads a bare $ on a Canadian bill as CAD, and as USD otherwise', () => {
    const currencyOf = (address: string, total: string) =>
      parseInvoiceLayout(
        layout([
          [60, [[72, 'Harbor Crane Rental']]],
          [74, [[72, address]]],
          [80, [[300, 'Invoice No. HC-20931']]],
          [
            300,
            [
              [300, 'Total'],
              [450, total],
            ],
          ],
        ]),
      )[0].currency;
    expect(currencyOf('Pinecrest ON K2P 1L4', '$410.00')).toBe('CAD');
    expect(currencyOf('Denver, CO 80216', '$410.00')).toBe('USD');
    expect(currencyOf('Pinecrest ON K2P 1L4', 'US$410.00')).toBe('USD');
  });

  it('reads a date stacked over lines under a Date column beside an Order column', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [60, [[72, 'Harbor Crane Rental']]],
        [
          120,
          [
            [72, 'Invoice'],
            [200, 'Order'],
            [400, 'Date'],
          ],
        ],
        [
          132,
          [
            [72, 'HC-20931'],
            [200, 'ORD-4410'],
            [400, 'Tuesday 16'],
          ],
        ],
        [144, [[400, 'September']]],
        [156, [[400, '2025']]],
        [
          300,
          [
            [300, 'Total'],
            [450, '410.00'],
          ],
        ],
      ]),
    );
    expect(invoice.invoiceDate?.value).toBe('2025-09-16');
  });

  it('reads labels set with wide letter spacing, and a date-shaped number under its own label', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [40, [[72, 'Harbor Crane Rental']]],
        [
          120,
          [
            [72, 'I N VO I C E #'],
            [300, 'B I L L T O'],
          ],
        ],
        [
          134,
          [
            [72, '3-9-26'],
            [300, 'Keystone Builders LLC'],
          ],
        ],
        [160, [[72, 'I S S U E D O N']]],
        [174, [[72, 'March 9, 2026']]],
        [
          300,
          [
            [300, 'Total'],
            [450, '410.00'],
          ],
        ],
      ]),
    );
    expect(invoice.invoiceNumber?.value).toBe('3-9-26');
    expect(invoice.invoiceDate?.value).toBe('2026-03-09');
    expect(invoice.vendor?.value).toBe('Harbor Crane Rental');
  });

  it('takes a date-shaped number printed after Invoice #', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [60, [[72, 'Harbor Crane Rental']]],
        [90, [[72, 'Invoice #2026-03-14']]],
        [
          300,
          [
            [300, 'Total'],
            [450, '410.00'],
          ],
        ],
      ]),
    );
    expect(invoice.invoiceNumber?.value).toBe('2026-03-14');
  });

  it('takes a bare No: printed under the INVOICE title', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [
          40,
          [
            [72, 'Ridgeline Glass Co.'],
            [380, 'INVOICE'],
          ],
        ],
        [60, [[380, 'No: 0007-00004410']]],
        [80, [[72, 'Customer No: 88120']]],
        [
          300,
          [
            [300, 'Total'],
            [450, '410.00'],
          ],
        ],
      ]),
    );
    expect(invoice.invoiceNumber?.value).toBe('0007-00004410');
  });

  it('takes the number labelled Document No., Receipt Number, Invoice ID or Inv#', () => {
    for (const label of ['Document No.', 'Receipt Number', 'Invoice ID', 'Inv#']) {
      const [invoice] = parseInvoiceLayout(
        layout([
          [60, [[72, 'Harbor Crane Rental']]],
          [80, [[72, `${label}: HC-20931`]]],
          [
            300,
            [
              [300, 'Amount Due'],
              [450, '$1,250.00'],
            ],
          ],
        ]),
      );
      expect(invoice.invoiceNumber?.value, label).toBe('HC-20931');
    }
  });
});

describe('the issuer on a Dutch invoice', () => {
  it('is neither the title word FACTUUR nor the customer under Factuuradres', () => {
    const [invoice] = parseInvoiceLayout(
      layout([
        [40, [[72, 'FACTUUR.']]],
        [60, [[72, 'Van Dijk Bouwmaterialen B.V.']]],
        [76, [[72, 'Industrieweg 12, 3542 AD Utrecht']]],
        [120, [[72, 'Factuuradres']]],
        [136, [[72, 'Bouwbedrijf De Groot']]],
        [152, [[72, 'Stationsplein 4, Delft']]],
        [180, [[72, 'Factuurnummer: 2026-0412']]],
        [
          300,
          [
            [300, 'Totaal'],
            [450, '€ 121,00'],
          ],
        ],
      ]),
    );
    expect(invoice.vendor?.value).toBe('Van Dijk Bouwmaterialen B.V.');
  });
});

describe('the currency of an invoice', () => {
  const withAmounts = (label: string, amount: string) =>
    parseInvoiceLayout(
      layout([
        [60, [[72, 'Harbor Crane Rental']]],
        [80, [[72, 'Invoice Number: HC-20931']]],
        [
          300,
          [
            [300, label],
            [450, amount],
          ],
        ],
      ]),
    )[0].currency;

  it('reads a code written as a word, the rupee sign and C$', () => {
    expect(withAmounts('Subtotaal Eur', '319,03')).toBe('EUR');
    expect(withAmounts('Total amount after Tax', '₹1,750.56')).toBe('INR');
    expect(withAmounts('Amount Due', 'C$144.10')).toBe('CAD');
    expect(withAmounts('Amount Due', '$144.10')).toBe('USD');
  });
});
