import { describe, expect, it } from 'vitest';
import type { LayoutItem } from '../adapters/extractors';
import { parseInvoiceLayout } from './index';
import { item, itemsLayout } from './test-layouts';

/** Made-up US trade invoices in the shapes issue 12 names; no corpus file is copied here. */
const read = (items: LayoutItem[]) => parseInvoiceLayout(itemsLayout([item('Granite State Equipment Rentals', 40, 30, 14), ...items]))[0];

describe('US trade invoice forms', () => {
  it("takes 'Document No:' with its value across the header strip, and 'Please Pay This Amount' over its box", () => {
    const invoice = read([
      item('Document No:', 380, 60),
      item('R-204418', 500, 60),
      item('Document Date:', 380, 74),
      item('12-Jan-2026', 500, 74),
      item('Description', 40, 200),
      item('Amount', 500, 200),
      item('Boom lift 60 ft, 1 week', 40, 216),
      item('1,150.00', 500, 216),
      item('Subtotal', 380, 300),
      item('1,150.00', 500, 300),
      item('Sales Tax', 380, 314),
      item('69.00', 509, 314),
      item('Please Pay This Amount', 380, 340),
      item('$1,219.00', 380, 356, 12),
    ]);
    expect(invoice.invoiceNumber?.value).toBe('R-204418');
    expect(invoice.invoiceDate?.value).toBe('2026-01-12');
    expect(invoice.totalAmount?.value).toBe(1219);
  });

  it('takes the customer PO as the reference, never the sales order number', () => {
    const invoice = read([
      item('Invoice No.', 380, 60),
      item('70044384', 500, 60),
      item('Sales Order No.', 380, 74),
      item('5130019', 500, 74),
      item('Customer PO', 380, 88),
      item('2517-08-193', 500, 88),
      item('Total', 380, 300),
      item('400.00', 500, 300),
    ]);
    expect(invoice.reference?.value).toBe('2517-08-193');
  });

  it('reads the description from the Description column when a Product code column comes first', () => {
    const invoice = read([
      item('Invoice No.', 380, 60),
      item('70044384', 500, 60),
      item('Ticket', 40, 200, 8),
      item('Product', 100, 200, 8),
      item('Description', 160, 200, 8),
      item('Qty', 360, 200, 8),
      item('Unit Price', 420, 200, 8),
      item('Extended', 500, 200, 8),
      item('428288', 40, 214, 8),
      item('C50G', 100, 214, 8),
      item('5000 PSI 3/8" Pea Gravel', 160, 214, 8),
      item('4', 365, 214, 8),
      item('172.75', 420, 214, 8),
      item('691.00', 500, 214, 8),
      item('Total', 420, 300, 8),
      item('691.00', 500, 300, 8),
    ]);
    expect(invoice.lineItems).toMatchObject([{ description: '5000 PSI 3/8" Pea Gravel', quantity: 4, unitPrice: 172.75, amount: 691 }]);
  });

  it('leaves a TOTALS row inside a schedule of values out of the items', () => {
    const invoice = read([
      item('Invoice No.', 380, 60),
      item('PR-7', 500, 60),
      item('Description of Work', 40, 200, 8),
      item('Scheduled Value', 250, 200, 8),
      item('This Period', 480, 200, 8),
      item('Rough-in electrical', 40, 214, 8),
      item('48,000.00', 250, 214, 8),
      item('9,600.00', 480, 214, 8),
      item('Fixtures', 40, 228, 8),
      item('22,000.00', 250, 228, 8),
      item('2,200.00', 480, 228, 8),
      item('TOTALS', 40, 242, 8),
      item('70,000.00', 250, 242, 8),
      item('11,800.00', 480, 242, 8),
      item('Amount Due This Period', 300, 300, 8),
      item('11,210.00', 480, 300, 8),
    ]);
    expect(invoice.lineItems.map((line) => line.description)).toEqual(['Rough-in electrical', 'Fixtures']);
  });
});
