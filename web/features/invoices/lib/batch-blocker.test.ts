import { describe, expect, it } from 'vitest';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { batchBlocker } from './batch';

/** A utility bill read without lines or total: one line at 0, as the server offers it. */
const bare = parsedInvoiceFixture({
  invoice_id: 'bill',
  invoice_number: 'WB-42',
  total_amount: null,
  tax_amount: null,
  line_items: [],
  invoice_lines: [{ line_number: 1, invoice_number: 'WB-42', amount: 0, vendor_name: null }],
});

describe('confirming a batch on the full page', () => {
  it('waits for the amount of a bill read without lines or total, naming the invoice', () => {
    const read = parsedInvoiceFixture({ invoice_id: 'read' });
    expect(batchBlocker([read, bare], {})).toBe('Invoice WB-42: Enter the amount to post: no total was read.');
    expect(batchBlocker([read, bare], { bill: { amounts: { 1: 64.53 }, totalOnly: false, charges: [] } })).toBeNull();
  });

  it('waits for the amount of a charge added with none', () => {
    const charges = [{ lineNumber: 2, description: 'Late fee', amount: 0, vendor: null }];
    expect(batchBlocker([bare], { bill: { amounts: { 1: 64.53 }, totalOnly: false, charges } })).toBe(
      'Invoice WB-42: Enter the amount of every added charge.',
    );
  });
});
