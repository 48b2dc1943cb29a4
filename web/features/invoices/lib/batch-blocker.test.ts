import { describe, expect, it } from 'vitest';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { NO_EDIT, batchRows, type BatchEdit } from './batch';
import { acceptDifferenceInput, batchBlocker, batchBlockers, lineToRemove, tieOutGap } from './batch-gate';

const edit = (patch: Partial<BatchEdit> = {}): BatchEdit => ({ ...NO_EDIT, ...patch });

/** A utility bill read without lines or total: one line at 0, as the server offers it. */
const bare = parsedInvoiceFixture({
  invoice_id: 'bill',
  invoice_number: 'WB-42',
  total_amount: null,
  tax_amount: null,
  line_items: [],
  invoice_lines: [{ line_number: 1, invoice_number: 'WB-42', amount: 0, vendor_name: null }],
});

/** The lumber-yard invoice whose 'Loaded by ... $7,530.18' footer was read as a third line. */
const lumber = parsedInvoiceFixture({
  invoice_id: 'lumber',
  invoice_number: 'LY-9',
  total_amount: 7530.18,
  subtotal: null,
  line_items: [
    { line_number: 1, id: null, description: '2x4 studs', quantity: null, unit_price: null, amount: 4200, vendor_candidates: [] },
    { line_number: 2, id: null, description: 'OSB sheathing', quantity: null, unit_price: null, amount: 3330.18, vendor_candidates: [] },
    { line_number: 3, id: null, description: 'Loaded by: J. Ortiz', quantity: null, unit_price: null, amount: 7530.18, vendor_candidates: [] },
  ],
  invoice_lines: [],
});

describe('confirming a batch on the full page', () => {
  it('waits for the amount of a bill read without lines or total, naming the invoice', () => {
    const read = parsedInvoiceFixture({ invoice_id: 'read' });
    expect(batchBlocker([read, bare], {})).toBe('Invoice WB-42: Enter the amount to post: no total was read.');
    // No total read: no gate, whatever the lines come to.
    expect(batchBlocker([read, bare], { bill: edit({ amounts: { 1: 64.53 } }) })).toBeNull();
  });

  it('waits for the amount of a charge added with none', () => {
    const charges = [{ lineNumber: 2, description: 'Late fee', amount: 0, vendor: null }];
    expect(batchBlocker([bare], { bill: edit({ amounts: { 1: 64.53 }, charges }) })).toBe('Invoice WB-42: Enter the amount of every added charge.');
  });

  it('refuses a corrected date that does not exist', () => {
    const acme = parsedInvoiceFixture();
    expect(batchBlocker([acme], { 'inv-1': edit({ header: { invoice_date: '2026-02-30' } }) })).toBe(
      'Invoice 1001: Invoice date must be a real date (yyyy-mm-dd).',
    );
  });
});

describe('the tie-out gate', () => {
  it('blocks lines a cent off the total, says by how much, and offers the fixes that fit', () => {
    const acme = parsedInvoiceFixture();
    const blockers = batchBlockers([acme, lumber], { 'inv-1': edit({ amounts: { 2: 49.99 } }) });
    expect(blockers).toEqual([
      {
        invoiceId: 'inv-1',
        message:
          'Invoice 1001: its lines come to $149.99 but its total is $150.00 (difference $0.01). Add the missing charge, edit an amount, or confirm with a difference and say why.',
      },
      {
        invoiceId: 'lumber',
        message:
          'Invoice LY-9: its lines come to $15,060.36 but its total is $7,530.18 (difference $7,530.18). Remove line 3, edit an amount, or confirm with a difference and say why.',
      },
    ]);
  });

  it('offers removing the footer read as a line, and removing it ties the invoice', () => {
    const gap = tieOutGap(lumber, NO_EDIT)!;
    expect(lineToRemove(batchRows(lumber, NO_EDIT), gap)?.lineNumber).toBe(3);
    expect(batchBlocker([lumber], { lumber: edit({ removed: [3] }) })).toBeNull();
  });

  it('lets the lines differ once the clerk says why, and sends the reason only while they differ', () => {
    const opened = edit({ differenceReason: '  ' });
    expect(batchBlocker([lumber], { lumber: opened })).toBe('Invoice LY-9: Say why the lines may differ from the total.');
    const reasoned = edit({ differenceReason: ' Footer total, supplier confirmed by phone ' });
    expect(batchBlocker([lumber], { lumber: reasoned })).toBeNull();
    expect(acceptDifferenceInput(lumber, reasoned)).toEqual({ reason: 'Footer total, supplier confirmed by phone' });
    expect(acceptDifferenceInput(lumber, { ...reasoned, removed: [3] })).toBeUndefined();
  });

  it('does not gate an invoice posted as its total alone', () => {
    expect(tieOutGap(lumber, edit({ totalOnly: true }))).toBeNull();
    expect(batchBlocker([lumber], { lumber: edit({ totalOnly: true }) })).toBeNull();
  });

  it('counts edited amounts and added charges, to the cent', () => {
    const taxed = parsedInvoiceFixture({ total_amount: 169.5, tax_amount: 19.5 });
    expect(tieOutGap(taxed, NO_EDIT)?.difference).toBe(19.5);
    const charges = [{ lineNumber: 3, description: 'Tax', amount: 19.5, vendor: null }];
    expect(tieOutGap(taxed, edit({ charges }))).toBeNull();
    expect(tieOutGap(taxed, edit({ amounts: { 2: 69.5 } }))).toBeNull();
  });
});
