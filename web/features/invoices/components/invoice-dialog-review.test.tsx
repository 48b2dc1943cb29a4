import type { ParsedInvoice } from '@contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/test/fake-xhr';
import { installObjectUrls } from '@/test/object-url';
import { confirmedBody, fakeConfirmApi, reviewInvoices } from '../testing-dialog';
import { parsedInvoiceFixture } from '../testing-fixtures';

type ConfirmBody = { mappings: Array<Record<string, unknown>>; corrections?: unknown; accept_difference?: unknown };

/** A scanned invoice whose number and date came back unread. */
const scanned = parsedInvoiceFixture({ invoice_number: null, invoice_date: null });

const item = (line_number: number, description: string, amount: number): ParsedInvoice['line_items'][number] => ({
  line_number,
  id: null,
  description,
  quantity: null,
  unit_price: null,
  amount,
  vendor_candidates: [],
});

/** A lumber-yard invoice whose 'Loaded by' footer was read as a third line: the lines double the total. */
const footer = parsedInvoiceFixture({
  invoice_number: 'LY-5531',
  total_amount: 7530.18,
  subtotal: 7530.18,
  line_items: [item(1, 'Studs 2x6x8', 4200), item(2, 'OSB sheathing', 3330.18), item(3, 'Loaded by: R. Diaz', 7530.18)],
  invoice_lines: [],
});

/** Lines of 150 against a total of 169.50: tax on no line. */
const taxed = parsedInvoiceFixture({ total_amount: 169.5, tax_amount: 19.5 });

const confirmButton = () => screen.getByRole('button', { name: 'Confirm Invoice' }) as HTMLButtonElement;
const note = () => screen.getByText(/^Lines /).closest('[role="status"]')!.textContent;

let objectUrls: ReturnType<typeof installObjectUrls>;

beforeEach(() => {
  installFakeXhr();
  objectUrls = installObjectUrls();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  objectUrls.uninstall();
});

describe('InvoiceProcessingDialog, corrections at review', () => {
  it('sends a corrected number and date beside what was read, and holds Confirm back for a date that does not exist', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await reviewInvoices([scanned]);
    const number = screen.getByRole('textbox', { name: 'Invoice number' }) as HTMLInputElement;
    const date = screen.getByRole('textbox', { name: 'Invoice date' }) as HTMLInputElement;
    expect(number.value).toBe('');
    expect((screen.getByRole('textbox', { name: 'Job number' }) as HTMLInputElement).value).toBe('J-42');

    await user.click(number);
    await user.paste('INV-2207');
    expect(screen.getByText('Read: N/A')).toBeTruthy();
    await user.click(date);
    await user.paste('2026-02-30');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('note').textContent).toBe('Invoice date must be a real date (yyyy-mm-dd).');
    expect(confirmButton().disabled).toBe(true);

    await user.clear(date);
    await user.click(date);
    await user.paste('2026-11-02');
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    // Only the fields that changed: the job number stays as read.
    expect((bodies[0] as ConfirmBody).corrections).toEqual({ invoice_number: 'INV-2207', invoice_date: '2026-11-02' });
  });

  it('puts a corrected field back as read, and then sends no corrections', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await reviewInvoices([parsedInvoiceFixture()]);
    const job = screen.getByRole('textbox', { name: 'Job number' }) as HTMLInputElement;
    await user.clear(job);
    await user.type(job, 'J-43');
    expect(screen.getByText('Read: J-42')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Job number: put back as read' }));
    expect(job.value).toBe('J-42');
    expect(screen.queryByText(/^Read:/)).toBeNull();

    await user.click(confirmButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('corrections');
  });

  it('sends a line description only when the clerk changed it', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await reviewInvoices([parsedInvoiceFixture()]);
    const description = screen.getByRole('textbox', { name: 'Description for line 2' }) as HTMLInputElement;
    expect(description.value).toBe('Delivery');
    await user.clear(description);
    await user.type(description, 'Delivery to site 4');
    await user.click(confirmButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    const [first, second] = (bodies[0] as ConfirmBody).mappings;
    expect(first).not.toHaveProperty('description');
    expect(second).toMatchObject({ line_number: 2, description: 'Delivery to site 4' });
  });

  it('reads amounts typed as printed: thousands separators and a credit in brackets', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const invoice = parsedInvoiceFixture({ total_amount: 1111.11 });
    const user = await reviewInvoices([invoice]);
    const first = screen.getByRole('textbox', { name: 'Amount for line 1' }) as HTMLInputElement;
    await user.clear(first);
    await user.type(first, '1,234.56');
    const second = screen.getByRole('textbox', { name: 'Amount for line 2' }) as HTMLInputElement;
    await user.clear(second);
    await user.type(second, '(123.45)');
    await user.tab();
    expect([first.value, second.value]).toEqual(['1234.56', '-123.45']);
    expect(note()).toBe('Lines add up to the invoice total of $1,111.11.');

    await user.click(confirmButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as ConfirmBody).mappings.map((mapping) => mapping.amount)).toEqual([1234.56, -123.45]);
  });
});

describe('InvoiceProcessingDialog, the tie-out gate', () => {
  it('offers removing the footer read as a line; the removed line is sent as removed and the lines tie', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await reviewInvoices([footer]);
    expect(note()).toMatch(/^Lines come to \$15,060\.36; the invoice total is \$7,530\.18 \(difference \$7,530\.18\)\./);
    expect(confirmButton().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove line 3 ($7,530.18)' }));
    expect(note()).toBe('Lines add up to the invoice total of $7,530.18.');
    // The fix is gone; the keyboard carries on at the line it removed, which can be put back.
    const restore = screen.getByRole('button', { name: 'Restore line 3' });
    expect(document.activeElement).toBe(restore);
    const removed = restore.closest('li')!;
    expect(within(removed).getByText('Loaded by: R. Diaz').closest('p')!.className).toContain('line-through');
    expect(within(removed).queryByRole('textbox')).toBeNull();

    await user.click(confirmButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as ConfirmBody).mappings).toEqual([
      { line_number: 1, invoice_number: 'LY-5531', amount: 4200, chosen_vendor: 'Acme Supply' },
      { line_number: 2, invoice_number: 'LY-5531', amount: 3330.18, chosen_vendor: 'Acme Supply' },
      { line_number: 3, invoice_number: 'LY-5531', amount: 7530.18, chosen_vendor: '', removed: true },
    ]);
  });

  it('removes any read line by hand and restores it', async () => {
    const user = await reviewInvoices([parsedInvoiceFixture()]);
    const toggle = screen.getByRole('button', { name: 'Remove line 2' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-label')).toBe('Restore line 2');
    expect(document.activeElement).toBe(toggle);
    expect(note()).toMatch(/^Lines come to \$100\.00; the invoice total is \$150\.00/);
    expect(confirmButton().disabled).toBe(true);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-label')).toBe('Remove line 2');
    expect(note()).toBe('Lines add up to the invoice total of $150.00.');
    expect(confirmButton().disabled).toBe(false);
  });

  it('confirms lines that differ once the clerk gives a reason, sent as accept_difference', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await reviewInvoices([taxed]);
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add the tax as a charge' })).toBeTruthy();

    const toggle = screen.getByRole('button', { name: 'Confirm with a difference…' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const reason = screen.getByRole('textbox', { name: 'Reason for the difference' });
    expect(document.activeElement).toBe(reason);
    expect(screen.getByRole('note').textContent).toBe('Say why the lines may differ from the total.');
    expect(confirmButton().disabled).toBe(true);

    // Enter in the reason is a new line, not a confirm.
    await user.type(reason, 'Tax is posted by the ERP{Enter}');
    expect(bodies).toHaveLength(0);
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as ConfirmBody).accept_difference).toEqual({ reason: 'Tax is posted by the ERP' });
  });

  it('sends no reason once the lines tie, and takes it back when the clerk withdraws it', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await reviewInvoices([taxed]);
    const toggle = screen.getByRole('button', { name: 'Confirm with a difference…' });
    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'Reason for the difference' }), 'Later');
    await user.click(toggle);
    expect(screen.queryByRole('textbox', { name: 'Reason for the difference' })).toBeNull();
    expect(confirmButton().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add the tax as a charge' }));
    expect(screen.queryByRole('button', { name: 'Confirm with a difference…' })).toBeNull();
    await user.click(confirmButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('accept_difference');
  });

  it("shows the server's tie-out refusal when it comes back", async () => {
    const message = 'Invoice 1001: the lines come to $150.00 but the invoice total is $169.50 (difference $19.50).';
    fakeConfirmApi([{ status: 422, body: { error: { code: 'lines_do_not_tie_out', message } } }]);
    const user = await reviewInvoices([taxed]);
    await user.click(screen.getByRole('button', { name: 'Confirm with a difference…' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the difference' }), 'x');
    await user.click(confirmButton());
    expect(await screen.findByText('Lines do not add up to the total')).toBeTruthy();
    expect(screen.getByText(`Failed to confirm invoice: ${message}`)).toBeTruthy();
  });
});

describe('InvoiceProcessingDialog, keyboard', () => {
  it('confirms the current invoice with Enter in a field, only when it may be confirmed', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }, { body: confirmedBody('inv-2', 2) }]);
    const second = parsedInvoiceFixture({ invoice_id: 'inv-2', source_filename: 'acme-1002.pdf', invoice_number: '1002' });
    const user = await reviewInvoices([taxed, second]);
    await user.click(screen.getByRole('textbox', { name: 'Description for line 1' }));
    await user.keyboard('{Enter}');
    expect(bodies).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add the tax as a charge' }));
    // Half-typed, the amount shown is not the one that would be sent: Enter waits.
    const amount = screen.getByRole('textbox', { name: 'Amount for line 3' });
    await user.clear(amount);
    await user.type(amount, '(19.50{Enter}');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '19.50{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(await screen.findByText('Invoice 2 of 2')).toBeTruthy();
  });

  it('closes the vendor picker with Escape and keeps the dialog open; Enter there picks a vendor, not the invoice', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await reviewInvoices([parsedInvoiceFixture()]);
    await user.click(screen.getByRole('combobox', { name: 'Invoice Vendor' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Invoice Processing' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Invoice Vendor' }));
    await user.type(screen.getByPlaceholderText('Search vendors...'), 'zen{Enter}');
    expect(screen.getByRole('combobox', { name: 'Invoice Vendor' }).textContent).toContain('Zenith Concrete');
    expect(bodies).toHaveLength(0);
  });
});
