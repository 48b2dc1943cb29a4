import type { ParsedInvoice } from '@contract/invoices';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { buildConfirmInput, confirmBlocker, initialEdits, type InvoiceEdits } from '../lib/invoice-edits';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { InvoiceConfirmationPanel } from './invoice-confirmation-panel';

/** Lines 100 + 50, printed tax 19.50, total 169.50: the tax has no line of its own. */
const taxed = parsedInvoiceFixture({ currency: 'EUR', total_amount: 169.5, tax_amount: 19.5 });

/** The dialog's panel with the edits kept as the dialog keeps them; `latest()` reads them back. */
function renderPanel(invoice: ParsedInvoice) {
  let edits: InvoiceEdits = initialEdits(invoice);
  function Harness() {
    const [state, setState] = useState(edits);
    edits = state;
    return <InvoiceConfirmationPanel invoice={invoice} edits={state} vendors={[]} onEdit={(change) => setState(change)} />;
  }
  renderWithProviders(<Harness />);
  const note = () => screen.getByText(/^Lines /).closest('[role="status"]')!.textContent;
  return { latest: () => edits, note };
}

describe('adding a charge in the dialog', () => {
  it('adds the missing tax as a charge beside the note, named and under the invoice vendor, so the lines tie', async () => {
    const user = userEvent.setup();
    const { latest, note } = renderPanel(taxed);
    expect(note()).toMatch(/^Lines come to €150\.00; the invoice total is €169\.50 \(difference €19\.50\)\. The difference is the invoice's tax/);

    await user.click(screen.getByRole('button', { name: 'Add the tax as a charge' }));
    const description = screen.getByRole('textbox', { name: 'Description for line 3' }) as HTMLInputElement;
    expect(description.value).toBe('Tax');
    expect(document.activeElement).toBe(description);
    expect((screen.getByRole('textbox', { name: 'Amount for line 3' }) as HTMLInputElement).value).toBe('19.50');
    expect((screen.getByRole('combobox', { name: 'Vendor for line 3' }) as HTMLSelectElement).value).toBe('Acme Supply');
    expect(note()).toBe('Lines add up to the invoice total of €169.50.');
    expect(screen.queryByRole('button', { name: /as a charge|missing charge/ })).toBeNull();

    await user.clear(description);
    await user.type(description, 'VAT 13%');
    const mappings = buildConfirmInput(taxed, latest(), { sessionId: 's', isLastInvoice: true }).mappings;
    expect(mappings.at(-1)).toEqual({
      line_number: 3,
      invoice_number: '1001',
      amount: 19.5,
      chosen_vendor: 'Acme Supply',
      added: true,
      description: 'VAT 13%',
    });
  });

  it('lets a bill read without lines or total be confirmed with the amount the user types, and a charge beside it', async () => {
    const user = userEvent.setup();
    const bare = parsedInvoiceFixture({
      total_amount: null,
      tax_amount: null,
      line_items: [],
      invoice_lines: [{ line_number: 1, invoice_number: '1001', amount: 0, vendor_name: null }],
    });
    const { latest } = renderPanel(bare);
    expect(confirmBlocker(bare, latest())).toBe('Enter the amount to post: no total was read.');
    const amount = screen.getByRole('textbox', { name: 'Amount for line 1' });
    await user.clear(amount);
    await user.type(amount, '64.53');
    expect(confirmBlocker(bare, latest())).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add a charge' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Description for line 2' }));
    expect(confirmBlocker(bare, latest())).toBe('Enter the amount of every added charge.');
    const charge = screen.getByRole('textbox', { name: 'Amount for line 2' });
    await user.clear(charge);
    await user.type(charge, '5');
    expect(confirmBlocker(bare, latest())).toBeNull();
    expect(buildConfirmInput(bare, latest(), { sessionId: 's', isLastInvoice: true }).mappings).toEqual([
      { line_number: 1, invoice_number: '1001', amount: 64.53, chosen_vendor: 'Acme Supply' },
      { line_number: 2, invoice_number: '1001', amount: 5, chosen_vendor: 'Acme Supply', added: true },
    ]);
  });

  it('offers the button again when an edit breaks the tie, and takes a charge out', async () => {
    const user = userEvent.setup();
    const { latest, note } = renderPanel(taxed);
    await user.click(screen.getByRole('button', { name: 'Add the tax as a charge' }));
    const amount = screen.getByRole('textbox', { name: 'Amount for line 1' });
    await user.clear(amount);
    await user.type(amount, '90');
    expect(note()).toMatch(
      /\(difference €10\.00\)\. Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why\.$/,
    );

    // From the keyboard: the button is reached and pressed like any other.
    screen.getByRole('button', { name: 'Add the missing charge' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Description for line 4' }));
    expect(note()).toBe('Lines add up to the invoice total of €169.50.');
    expect(latest().charges.map((charge) => [charge.lineNumber, charge.amount])).toEqual([
      [3, 19.5],
      [4, 10],
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove added charge line 4' }));
    expect(screen.queryByRole('textbox', { name: 'Description for line 4' })).toBeNull();
    expect(note()).toMatch(/\(difference €10\.00\)/);
  });

  it('gives a charge a vendor of its own, and leaves the charges out with Invoice Total Only', async () => {
    const user = userEvent.setup();
    const invoice = parsedInvoiceFixture({ vendor_candidates: ['Acme Supply', 'Acme Freight'], total_amount: 160 });
    const { latest } = renderPanel(invoice);
    await user.click(screen.getByRole('button', { name: 'Add the missing charge' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vendor for line 3' }), 'Acme Freight');
    expect(buildConfirmInput(invoice, latest(), { sessionId: 's', isLastInvoice: true }).mappings.at(-1)).toEqual({
      line_number: 3,
      invoice_number: '1001',
      amount: 10,
      chosen_vendor: 'Acme Freight',
      added: true,
    });

    await user.click(screen.getByRole('checkbox', { name: 'Invoice Total Only' }));
    expect(within(screen.getByRole('list', { name: 'Invoice lines' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add the missing charge' })).toBeNull();
    expect(buildConfirmInput(invoice, latest(), { sessionId: 's', isLastInvoice: true }).mappings).toEqual([
      { line_number: 1, invoice_number: '1001', amount: 160, chosen_vendor: 'Acme Supply' },
    ]);
    // Turning it off again brings the charge back as it was.
    await user.click(screen.getByRole('checkbox', { name: 'Invoice Total Only' }));
    expect((screen.getByRole('combobox', { name: 'Vendor for line 3' }) as HTMLSelectElement).value).toBe('Acme Freight');
  });
});
