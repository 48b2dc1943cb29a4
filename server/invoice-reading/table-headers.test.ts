import { describe, expect, it } from 'vitest';
import type { LayoutItem } from '../adapters/extractors';
import { parseInvoiceLayout } from './index';
import { item, itemsLayout } from './test-layouts';

const read = (items: LayoutItem[]) => parseInvoiceLayout(itemsLayout([item('Invoice No.', 380, 40), item('F-77', 460, 40), ...items]))[0];
const items = (items: LayoutItem[]) =>
  read(items).lineItems.map(({ description, quantity, unitPrice, amount }) => ({ description, quantity, unitPrice, amount }));

describe('item table headers in other words and shapes', () => {
  it('reads Dutch headers and German compounds (Aantal, Omschrijving, Stückpreis, Regeltotaal)', () => {
    expect(
      items([
        item('Aantal', 40, 200),
        item('Omschrijving', 90, 200),
        item('Stückpreis', 380, 200),
        item('Korting', 450, 200),
        item('Regeltotaal', 510, 200),
        item('2,00', 40, 216),
        item('Koppeling 22 mm', 90, 216),
        item('8,00', 380, 216),
        item('10 %', 450, 216),
        item('14,40', 520, 216),
        item('Subtotaal', 380, 240),
        item('14,40', 520, 240),
      ]),
    ).toEqual([{ description: 'Koppeling 22 mm', quantity: 2, unitPrice: 8, amount: 14.4 }]);
  });

  it('splits one header run that names two columns (Discount Subtotal)', () => {
    expect(
      items([
        item('Description', 40, 200),
        item('Qty', 300, 200),
        item('Price', 360, 200),
        item('Discount Subtotal', 420, 200, 9, 126),
        item('Ladder rack', 40, 216),
        item('3', 300, 216),
        item('20.00', 360, 216),
        item('0.00', 420, 216),
        item('60.00', 520, 216),
        item('Total', 420, 240),
        item('60.00', 520, 240),
      ]),
    ).toEqual([{ description: 'Ladder rack', quantity: 3, unitPrice: 20, amount: 60 }]);
  });

  it('leaves a labelled field printed right above the header out of it', () => {
    expect(
      items([
        item('Currency:', 40, 186),
        item('U.S. dollars', 100, 186),
        item('Qty.', 40, 200),
        item('Code', 80, 200),
        item('Description', 200, 200),
        item('Amount', 500, 200),
        item('9 u', 44, 216),
        item('WV01', 80, 216),
        item('1: Bolts', 130, 216),
        item('58.48', 505, 216),
        item('Total:', 440, 240),
        item('58.48', 505, 240),
      ]),
    ).toEqual([{ description: '1: Bolts', quantity: 9, unitPrice: null, amount: 58.48 }]);
  });

  it('takes the description printed a little above its numbers in a tall row', () => {
    expect(
      items([
        item('No.', 40, 200, 7),
        item('Name of product', 130, 200, 7),
        item('Unit price', 380, 200, 7),
        item('Qty', 430, 200, 7),
        item('Total NET', 470, 200, 7),
        item('VAT Rate', 520, 200, 7),
        item('Pre-workout powder 400 g', 130, 214, 7),
        item('1', 44, 218, 7),
        item('16.39', 380, 218, 7),
        item('5', 440, 218, 7),
        item('81.95', 475, 218, 7),
        item('0%', 525, 218, 7),
        item('Total to pay:', 420, 240, 7),
        item('81.95', 475, 240, 7),
      ]),
    ).toEqual([{ description: 'Pre-workout powder 400 g', quantity: 5, unitPrice: 16.39, amount: 81.95 }]);
  });

  it('keeps shipping and payment-fee rows out of the items', () => {
    expect(
      items([
        item('Description', 40, 200),
        item('Qty', 300, 200),
        item('Amount', 500, 200),
        item('Framing nails 16d', 40, 216),
        item('2', 300, 216),
        item('40.00', 500, 216),
        item('UPS Ground', 40, 232),
        item('1', 300, 232),
        item('0.00', 500, 232),
        item('Payment costs', 40, 248),
        item('1', 300, 248),
        item('0.00', 500, 248),
        item('Total', 420, 270),
        item('40.00', 500, 270),
      ]).map((line) => line.description),
    ).toEqual(['Framing nails 16d']);
  });

  it('keeps a balance carried over, payments and the remit-to block out of the items', () => {
    expect(
      items([
        item('Description', 40, 200),
        item('Amount', 500, 200),
        item('Previous Balance', 40, 216),
        item('500.00', 500, 216),
        item('Payments Received - Thank You', 40, 232),
        item('-500.00', 500, 232),
        item('Service call, 2 hrs labor', 40, 248),
        item('180.00', 500, 248),
        item('Please remit payment to:', 40, 270),
        item('Acme Mechanical, PO Box 17', 40, 284),
        item('Suite 200', 300, 284),
        item('Denver CO 80216', 40, 298),
        item('Please Pay This Amount', 380, 320),
        item('180.00', 500, 320),
      ]).map((line) => line.description),
    ).toEqual(['Service call, 2 hrs labor']);
  });

  it('finds a table with no header it knows from amounts aligned in a column that add up to the total', () => {
    const rows = [
      item('Work performed', 40, 200),
      item('Charge', 500, 200),
      item('Demolition of existing slab', 40, 216),
      item('1,250.00', 500, 216),
      item('Haul-off, 3 loads', 40, 232),
      item('450.00', 509, 232),
      item('Remit by wire', 40, 258),
      item('Total', 420, 290),
      item('1,700.00', 500, 290),
    ];
    expect(items(rows)).toEqual([
      { description: 'Demolition of existing slab', quantity: null, unitPrice: null, amount: 1250 },
      { description: 'Haul-off, 3 loads', quantity: null, unitPrice: null, amount: 450 },
    ]);
    // Amounts that do not add up to a printed total are not taken for a table.
    expect(items(rows.map((row) => (row.text === '1,700.00' ? { ...row, text: '1,900.00' } : row)))).toEqual([]);
  });

  it('reads text drawn twice for bold once', () => {
    const [invoice] = parseInvoiceLayout(
      itemsLayout([
        item('Receipt number: 4515', 200, 80),
        item('Receipt number: 4515', 200.3, 80),
        item('Total to pay:', 420, 240),
        item('12.00', 500, 240),
      ]),
    );
    expect(invoice.invoiceNumber?.value).toBe('4515');
  });
});
