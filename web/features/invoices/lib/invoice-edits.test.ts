import { describe, expect, it } from 'vitest';
import { parsedInvoiceFixture } from '../testing-fixtures';
import {
  buildConfirmInput,
  confirmBlocker,
  initialEdits,
  REASON_BLOCKER,
  TIE_OUT_BLOCKER,
  withHeaderField,
  withLineRemoved,
  writtenAmounts,
  type InvoiceEdits,
} from './invoice-edits';

/** Lines 100 + 50 against a total of 150. */
const invoice = parsedInvoiceFixture();
const build = (edits: InvoiceEdits, target = invoice) => buildConfirmInput(target, edits, { sessionId: 's', isLastInvoice: true });
const edit = (change: Partial<InvoiceEdits>): InvoiceEdits => ({ ...initialEdits(invoice), ...change });

describe('invoice edits', () => {
  it('sends a removed line with its read amount and no vendor, and leaves it out of the sums', () => {
    const edits = withLineRemoved(edit({ amounts: { 2: 60 } }), 2, true);
    expect(writtenAmounts(invoice, edits)).toEqual([100]);
    expect(build(edits).mappings).toEqual([
      { line_number: 1, invoice_number: '1001', amount: 100, chosen_vendor: 'Acme Supply' },
      { line_number: 2, invoice_number: '1001', amount: 50, chosen_vendor: '', removed: true },
    ]);
    expect(withLineRemoved(edits, 2, false).removed).toEqual([]);
  });

  it('posts the lines left with Invoice Total Only when no total was read', () => {
    const noTotal = parsedInvoiceFixture({ total_amount: null });
    const edits = withLineRemoved({ ...initialEdits(noTotal), totalOnly: true }, 2, true);
    expect(build(edits, noTotal).mappings).toEqual([{ line_number: 1, invoice_number: '1001', amount: 100, chosen_vendor: 'Acme Supply' }]);
  });

  it('sends a description only when it differs from the printed one', () => {
    const edits = edit({ descriptions: { 1: ' Lumber 2x4 ', 2: '' } });
    expect(build(edits).mappings.map((mapping) => mapping.description)).toEqual([undefined, undefined]);
    expect(build(edit({ descriptions: { 2: 'Freight' } })).mappings[1]).toMatchObject({ description: 'Freight' });
  });

  it('sends the header fields that changed as corrections', () => {
    const edits = withHeaderField(withHeaderField(initialEdits(invoice), 'invoice_number', '1001'), 'due_date', '');
    expect(build(edits).corrections).toEqual({ due_date: null });
    expect(build(initialEdits(invoice))).not.toHaveProperty('corrections');
  });

  it('holds confirming back while the lines differ, until a reason is given, which is sent while they differ', () => {
    const differs = edit({ amounts: { 1: 90 } });
    expect(confirmBlocker(invoice, differs)).toBe(TIE_OUT_BLOCKER);
    expect(confirmBlocker(invoice, { ...differs, differenceReason: '  ' })).toBe(REASON_BLOCKER);
    const reasoned = { ...differs, differenceReason: ' Credit to follow ' };
    expect(confirmBlocker(invoice, reasoned)).toBeNull();
    expect(build(reasoned).accept_difference).toEqual({ reason: 'Credit to follow' });
    // Once the lines tie, or with Invoice Total Only, there is no difference to accept.
    expect(build({ ...reasoned, amounts: {} })).not.toHaveProperty('accept_difference');
    expect(confirmBlocker(invoice, { ...differs, totalOnly: true })).toBeNull();
    expect(confirmBlocker(parsedInvoiceFixture({ total_amount: null }), edit({ amounts: { 1: 90 } }))).toBeNull();
  });

  it('says first what the clerk must fix in the header, then that every line is removed', () => {
    expect(confirmBlocker(invoice, edit({ header: { invoice_date: '2026-02-30' } }))).toBe('Invoice date must be a real date (yyyy-mm-dd).');
    expect(confirmBlocker(invoice, edit({ removed: [1, 2] }))).toBe('Every line is removed: put one back or add a charge.');
  });
});
