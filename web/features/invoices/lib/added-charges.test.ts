import { MAX_ADDED_CHARGES } from '@contract/invoices';
import { describe, expect, it } from 'vitest';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { addChargeLabel, canAddCharge, changeCharge, chargeMapping, missingCharge, removeCharge, type TieOutDifference } from './added-charges';
import { tieOut } from './tie-out';

const invoice = parsedInvoiceFixture({ total_amount: 169.5, tax_amount: 19.5 });
const differs = (lines: number[]) => tieOut(invoice, lines) as TieOutDifference;

describe('added charges', () => {
  it('carries the difference, numbered after the invoice lines and the charges before it, under the invoice vendor', () => {
    const first = missingCharge(invoice, [], differs([100, 50]));
    expect(first).toEqual({ lineNumber: 3, description: 'Tax', amount: 19.5, vendor: null });
    const second = missingCharge(invoice, [first], differs([100, 40, 19.5]));
    expect(second).toEqual({ lineNumber: 4, description: '', amount: 10, vendor: null });
    // After a removal the numbers stay unique: the next one follows the highest left.
    expect(missingCharge(invoice, removeCharge([first, second], 3), differs([100, 40, 10])).lineNumber).toBe(5);
  });

  it('follows the invoice total line when no items were read', () => {
    const bare = parsedInvoiceFixture({
      line_items: [],
      invoice_lines: [{ line_number: 1, invoice_number: '1001', amount: 140, vendor_name: null }],
    });
    expect(missingCharge(bare, [], tieOut(bare, [140]) as TieOutDifference).lineNumber).toBe(2);
  });

  it('says what the button adds', () => {
    expect(addChargeLabel(differs([100, 50]))).toBe('Add the tax as a charge');
    expect(addChargeLabel(differs([100, 40]))).toBe('Add the missing charge');
    expect(addChargeLabel({ status: 'no-total', linesTotal: 0 })).toBe('Add a charge');
  });

  it('leaves the amount to the user when no total was read', () => {
    const untotalled = parsedInvoiceFixture({ total_amount: null, tax_amount: null });
    expect(missingCharge(untotalled, [], { status: 'no-total', linesTotal: 150 })).toEqual({
      lineNumber: 3,
      description: '',
      amount: 0,
      vendor: null,
    });
  });

  it('is sent as an added line, with its description only when there is one', () => {
    const charge = { lineNumber: 3, description: '  Fuel surcharge ', amount: 12.5, vendor: null };
    expect(chargeMapping(invoice, charge, 'Acme Supply')).toEqual({
      line_number: 3,
      invoice_number: '1001',
      amount: 12.5,
      chosen_vendor: 'Acme Supply',
      added: true,
      description: 'Fuel surcharge',
    });
    expect(chargeMapping(invoice, { ...charge, description: ' ' }, 'Acme Supply')).not.toHaveProperty('description');
  });

  it('changes one charge at a time and stops at the limit', () => {
    const charges = Array.from({ length: MAX_ADDED_CHARGES - 1 }, (_, index) => ({
      lineNumber: 3 + index,
      description: '',
      amount: 1,
      vendor: null,
    }));
    expect(changeCharge(charges, 4, { amount: 7 }).map((charge) => charge.amount)).toEqual([1, 7, ...charges.slice(2).map(() => 1)]);
    expect(canAddCharge(charges)).toBe(true);
    expect(canAddCharge([...charges, charges[0]])).toBe(false);
  });
});
