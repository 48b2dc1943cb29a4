import { describe, expect, it } from 'vitest';
import { parseInvoiceLayout } from './index';
import { layout, supplyInvoiceRows, type Row } from './test-layouts';

describe('parseInvoiceLayout (text rules)', () => {
  const [invoice] = parseInvoiceLayout(layout(supplyInvoiceRows()));

  it('reads the header fields by their labels', () => {
    expect(invoice.invoiceNumber?.value).toBe('INV-20417');
    expect(invoice.invoiceDate?.value).toBe('2025-11-03');
    expect(invoice.reference?.value).toBe('PO-7781');
    expect(invoice.jobNumber?.value).toBe('2417');
    expect(invoice.currency).toBe('USD');
    expect(invoice.method).toBe('text');
  });

  it('works the due date out from Net 30 and marks it derived', () => {
    expect(invoice.dueDate).toMatchObject({ value: '2025-12-03', derived: true });
  });

  it('takes the letterhead as the vendor, never the Bill To party', () => {
    expect(invoice.vendor?.value).toBe('Summit Electrical Supply Inc.');
    expect(invoice.vendorContact.phone).toContain('555-0142');
    expect(invoice.vendorContact.email).toBe('ar@summitelectric.com');
  });

  it('picks the total that subtotal, tax and freight add up to, not the previous balance', () => {
    expect(invoice.totalAmount?.value).toBe(832.84);
    expect(invoice.subtotal?.value).toBe(748);
    expect(invoice.taxAmount?.value).toBe(59.84);
    expect(invoice.freightAmount?.value).toBe(25);
  });

  it('reads line items with ids, wrapped descriptions, quantities and prices', () => {
    expect(invoice.lineItems.map(({ region: _region, ...item }) => item)).toEqual([
      { id: 'THHN12-500', description: '12 AWG THHN copper wire, 500 ft spool, black', quantity: 4, unitPrice: 89.5, amount: 358 },
      { id: 'EMT-075', description: '3/4" EMT conduit 10 ft', quantity: 50, unitPrice: 6.25, amount: 312.5 },
      { id: 'BX-4SQ', description: '4" square box, 2-1/8" deep', quantity: 25, unitPrice: 3.1, amount: 77.5 },
    ]);
  });

  it('gives fields and sections regions on the page', () => {
    expect(invoice.invoiceNumber?.region).toMatchObject({ page: 1 });
    const region = invoice.totalAmount!.region!;
    expect(region.y).toBeCloseTo(356 / 792, 2);
    expect(region.x + region.width).toBeLessThanOrEqual(1);
    expect(Object.keys(invoice.sections).sort()).toEqual(['header', 'line_items', 'reference', 'total']);
  });

  it('checks that items, tax and freight tie out to the total and that the dates are in order', () => {
    expect(invoice.checks.find((c) => c.code === 'totals_tie_out')?.passed).toBe(true);
    expect(invoice.checks.find((c) => c.code === 'dates_in_order')?.passed).toBe(true);
    const [off] = parseInvoiceLayout(layout(supplyInvoiceRows('INV-1', { total: '900.00' })));
    expect(off.checks.find((c) => c.code === 'totals_tie_out')?.passed).toBe(false);
  });

  it('splits pages with different invoice numbers into separate invoices', () => {
    const invoices = parseInvoiceLayout(layout(supplyInvoiceRows('INV-1001'), supplyInvoiceRows('INV-1002')));
    expect(invoices.map((i) => [i.invoiceNumber?.value, i.pages])).toEqual([
      ['INV-1001', [1]],
      ['INV-1002', [2]],
    ]);
  });

  it('continues a table onto the next page and stops at the totals there', () => {
    const first: Row[] = supplyInvoiceRows().slice(0, 11);
    const second: Row[] = [
      [
        40,
        [
          [40, 'Summit Electrical Supply Inc.'],
          [450, 'Page 2'],
        ],
      ],
      [
        80,
        [
          [40, 'PVC-2'],
          [120, '2" PVC Sch 40 pipe'],
          [330, '10'],
          [390, '12.00'],
          [500, '120.00'],
        ],
      ],
      [
        120,
        [
          [390, 'Total'],
          [500, '478.00'],
        ],
      ],
    ];
    const [invoice] = parseInvoiceLayout(layout(first, second));
    expect(invoice.pages).toEqual([1, 2]);
    expect(invoice.lineItems.map((i) => i.amount)).toEqual([358, 120]);
    expect(invoice.totalAmount?.value).toBe(478);
  });

  it('reads German labels, number and date formats', () => {
    const [rechnung] = parseInvoiceLayout(
      layout([
        [
          40,
          [
            [40, 'Muster Bau GmbH'],
            [350, 'Rechnungsnummer'],
            [470, 'R-2025-118'],
          ],
        ],
        [
          54,
          [
            [40, 'Hauptstraße 5, 80331 München'],
            [350, 'Rechnungsdatum'],
            [470, '03.11.2025'],
          ],
        ],
        [
          68,
          [
            [350, 'Ihre Bestellung'],
            [470, 'B-4471'],
          ],
        ],
        [
          82,
          [
            [350, 'Fällig am'],
            [470, '03.12.2025'],
          ],
        ],
        [
          120,
          [
            [40, 'Rechnungsempfänger'],
            [300, 'Beträge in EUR'],
          ],
        ],
        [134, [[40, 'Kunde AG']]],
        [
          180,
          [
            [40, 'Pos'],
            [80, 'Bezeichnung'],
            [330, 'Menge'],
            [390, 'Einzelpreis'],
            [500, 'Gesamt'],
          ],
        ],
        [
          196,
          [
            [40, '1'],
            [80, 'Schalungsplatten 3-S'],
            [330, '120'],
            [390, '12,50'],
            [500, '1.500,00'],
          ],
        ],
        [
          230,
          [
            [350, 'Nettobetrag'],
            [500, '1.500,00'],
          ],
        ],
        [
          244,
          [
            [350, 'MwSt. 19 %'],
            [500, '285,00'],
          ],
        ],
        [
          258,
          [
            [350, 'Gesamtbetrag'],
            [500, '1.785,00'],
          ],
        ],
      ]),
    );
    expect(rechnung).toMatchObject({
      invoiceNumber: { value: 'R-2025-118' },
      invoiceDate: { value: '2025-11-03' },
      dueDate: { value: '2025-12-03' },
      reference: { value: 'B-4471' },
      totalAmount: { value: 1785 },
      vendor: { value: 'Muster Bau GmbH' },
      currency: 'EUR',
    });
    expect(rechnung.lineItems).toMatchObject([{ description: 'Schalungsplatten 3-S', quantity: 120, unitPrice: 12.5, amount: 1500 }]);
  });

  it('takes Current Payment Due as the total of an AIA pay application', () => {
    const [payApp] = parseInvoiceLayout(
      layout([
        [
          40,
          [
            [40, 'Ridgeline Concrete Contractors LLC'],
            [380, 'Application No.'],
            [500, '7'],
          ],
        ],
        [
          54,
          [
            [380, 'Invoice No.'],
            [500, 'PA-0007'],
          ],
        ],
        [
          68,
          [
            [380, 'Period To'],
            [500, '10/31/2025'],
          ],
        ],
        [
          82,
          [
            [380, 'Project No.'],
            [500, '2417'],
          ],
        ],
        [
          120,
          [
            [40, '4. Total Completed & Stored to Date'],
            [480, '412,000.00'],
          ],
        ],
        [
          134,
          [
            [40, '5. Retainage (10%)'],
            [480, '41,200.00'],
          ],
        ],
        [
          148,
          [
            [40, '6. Total Earned Less Retainage'],
            [480, '370,800.00'],
          ],
        ],
        [
          162,
          [
            [40, '7. Less Previous Certificates for Payment'],
            [480, '300,600.00'],
          ],
        ],
        [
          176,
          [
            [40, '8. Current Payment Due'],
            [480, '70,200.00'],
          ],
        ],
      ]),
    );
    expect(payApp.totalAmount?.value).toBe(70200);
    expect(payApp.jobNumber?.value).toBe('2417');
    expect(payApp.invoiceNumber?.value).toBe('PA-0007');
  });
});
