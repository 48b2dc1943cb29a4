import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/test/fake-xhr';
import { installObjectUrls } from '@/test/object-url';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { acme, allConfirmed, installBatchApi, invoiceRows, lineCells, openGrid, renderFlow } from '../testing-batch';

/** The lumber-yard invoice whose 'Loaded by ... $7,530.18' footer was read as a third line. */
const lumber = parsedInvoiceFixture({
  invoice_id: 'inv-3',
  source_filename: 'lumber-9.pdf',
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
const bolt = parsedInvoiceFixture({ invoice_id: 'inv-2', source_filename: 'bolt-77.pdf', invoice_number: '77' });

let objectUrls: ReturnType<typeof installObjectUrls>;
let api: ReturnType<typeof installBatchApi>;

beforeEach(() => {
  installFakeXhr();
  objectUrls = installObjectUrls();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = installBatchApi({ parsed: { 'inv-9': { ...bolt, invoice_id: 'inv-9', invoice_number: 'N/A' } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  objectUrls.uninstall();
});

const confirmButton = (count: number) => screen.getByRole('button', { name: `Confirm & Process (${count} invoice(s))` }) as HTMLButtonElement;

describe('correcting invoices on the full page', () => {
  it('sends the header fields and descriptions the clerk corrected, per invoice', async () => {
    const user = await openGrid(acme, bolt);
    const header = within(screen.getByRole('group', { name: 'Header of invoice 1001' }));
    const number = header.getByRole('textbox', { name: 'Invoice number' });
    await user.clear(number);
    await user.click(number);
    await user.paste('1001-A');
    const date = header.getByRole('textbox', { name: 'Invoice date' });
    await user.clear(date);
    await user.click(date);
    await user.paste('2025-11-04');
    expect(header.getByText('Read: 2025-11-03')).toBeTruthy();
    const description = screen.getByRole('textbox', { name: 'Description for invoice 1001 line 1' });
    await user.clear(description);
    await user.click(description);
    await user.paste('Lumber 2x4, 16 ft');
    expect(lineCells()[0]).toEqual(['1001-A', 'Lumber 2x4, 16 ft', 'Acme Supply', '100.00', 'Ready']);

    await user.click(confirmButton(2));
    await waitFor(() => expect(api.confirmBodies).toHaveLength(1));
    expect(api.confirmBodies[0].invoices).toEqual([
      { invoice_id: 'inv-1', corrections: { invoice_number: '1001-A', invoice_date: '2025-11-04' } },
      { invoice_id: 'inv-2' },
    ]);
    expect(api.confirmBodies[0].mappings[0]).toEqual({
      invoice_id: 'inv-1',
      line_number: 1,
      invoice_number: '1001',
      amount: 100,
      chosen_vendor: 'Acme Supply',
      description: 'Lumber 2x4, 16 ft',
    });
  });

  it('holds the confirm back on a date that does not exist, saying which invoice', async () => {
    const user = await openGrid(acme);
    const date = within(screen.getByRole('group', { name: 'Header of invoice 1001' })).getByRole('textbox', { name: 'Due date' });
    await user.clear(date);
    await user.type(date, '2026-02-30');
    expect(confirmButton(1).disabled).toBe(true);
    expect(screen.getByRole('list', { name: 'Why the batch cannot be confirmed yet' }).textContent).toBe(
      'Invoice 1001: Due date must be a real date (yyyy-mm-dd).',
    );
  });
});

describe('the tie-out gate on the full page', () => {
  it('blocks a footer read as a line, says why, and offers removing it; the line is sent as removed', async () => {
    const user = await openGrid(acme, lumber);
    expect(confirmButton(2).disabled).toBe(true);
    expect(screen.getByRole('list', { name: 'Why the batch cannot be confirmed yet' }).textContent).toBe(
      'Invoice LY-9: its lines come to $15,060.36 but its total is $7,530.18 (difference $7,530.18). Remove line 3, edit an amount, or confirm with a difference and say why.',
    );

    const rows = invoiceRows('Invoice LY-9');
    await user.click(rows.getByRole('button', { name: 'Remove line 3' }));
    expect(rows.getByRole('button', { name: 'Restore line 3' })).toBeTruthy();
    expect(rows.getByText('Lines add up to the invoice total of $7,530.18.')).toBeTruthy();
    await user.click(rows.getByRole('button', { name: 'Restore line 3' }));
    expect(confirmButton(2).disabled).toBe(true);

    await user.click(rows.getByRole('button', { name: 'Remove line 3 ($7,530.18) from invoice LY-9' }));
    expect(confirmButton(2).disabled).toBe(false);
    expect(screen.queryByRole('list', { name: 'Why the batch cannot be confirmed yet' })).toBeNull();
    await user.click(confirmButton(2));
    await waitFor(() => expect(api.confirmBodies).toHaveLength(1));
    expect(api.confirmBodies[0].mappings.filter((mapping) => mapping.invoice_id === 'inv-3')).toEqual([
      { invoice_id: 'inv-3', line_number: 1, invoice_number: 'LY-9', amount: 4200, chosen_vendor: 'Acme Supply' },
      { invoice_id: 'inv-3', line_number: 2, invoice_number: 'LY-9', amount: 3330.18, chosen_vendor: 'Acme Supply' },
      { invoice_id: 'inv-3', line_number: 3, invoice_number: 'LY-9', amount: 7530.18, chosen_vendor: 'Acme Supply', removed: true },
    ]);
  });

  it('lets lines that differ go once the clerk gives a reason, sent as accept_difference', async () => {
    const user = await openGrid(lumber);
    await user.click(screen.getByRole('button', { name: 'Confirm with a difference…' }));
    const reason = screen.getByRole('textbox', { name: 'Reason for the difference' });
    expect(document.activeElement).toBe(reason);
    expect(confirmButton(1).disabled).toBe(true);
    expect(screen.getByRole('list', { name: 'Why the batch cannot be confirmed yet' }).textContent).toBe(
      'Invoice LY-9: Say why the lines may differ from the total.',
    );
    await user.type(reason, 'Supplier re-invoices the load separately');
    expect(confirmButton(1).disabled).toBe(false);
    await user.click(confirmButton(1));
    await waitFor(() => expect(api.confirmBodies).toHaveLength(1));
    expect(api.confirmBodies[0].invoices).toEqual([
      { invoice_id: 'inv-3', accept_difference: { reason: 'Supplier re-invoices the load separately' } },
    ]);
  });

  it('does not gate an invoice posted as its total alone', async () => {
    const user = await openGrid(lumber);
    await user.click(screen.getByRole('checkbox', { name: 'Invoice Total Only for invoice LY-9' }));
    expect(confirmButton(1).disabled).toBe(false);
  });
});

describe('batch results', () => {
  it('warns about a skipped invoice, names it and why, keeps it with its edits, and retries it alone', async () => {
    api.answers.push((body) => ({
      ...allConfirmed(body),
      processed_count: 1,
      error: 'Invoice 77 from Bolt & Nut was already confirmed; it is not added twice.',
      results: [
        { invoice_id: 'inv-1', invoice_number: '1001', confirmed: true, code: null, message: null },
        {
          invoice_id: 'inv-2',
          invoice_number: null,
          confirmed: false,
          code: 'duplicate_invoice',
          message: 'Invoice 77 from Bolt & Nut was already confirmed; it is not added twice.',
        },
      ],
    }));
    const user = await openGrid(acme, bolt);
    const job = within(screen.getByRole('group', { name: 'Header of invoice 77' })).getByRole('textbox', { name: 'Job number' });
    await user.clear(job);
    await user.type(job, 'J-77');
    await user.click(confirmButton(2));

    expect(await screen.findByText('Some invoices were not confirmed')).toBeTruthy();
    expect(screen.queryByText('Success')).toBeNull();
    expect(screen.getByRole('list', { name: 'Invoices not confirmed' }).textContent).toBe(
      'Invoice 77 from Bolt & Nut was already confirmed; it is not added twice.',
    );
    expect(screen.getByRole('list', { name: 'Confirmed invoices' }).textContent).toBe('Invoice 1001');
    // The skipped invoice stays in the grid, with the reason beside it and the clerk's edits.
    expect(
      invoiceRows('Invoice 77').getByText('Not confirmed: Invoice 77 from Bolt & Nut was already confirmed; it is not added twice.'),
    ).toBeTruthy();
    expect(screen.queryByRole('rowgroup', { name: 'Invoice 1001' })).toBeNull();
    expect(
      (within(screen.getByRole('group', { name: 'Header of invoice 77' })).getByRole('textbox', { name: 'Job number' }) as HTMLInputElement).value,
    ).toBe('J-77');

    await user.click(confirmButton(1));
    await waitFor(() => expect(api.confirmBodies).toHaveLength(2));
    expect(api.confirmBodies[1].invoices).toEqual([{ invoice_id: 'inv-2', corrections: { job_number: 'J-77' } }]);
    expect(new Set(api.confirmBodies[1].mappings.map((mapping) => mapping.invoice_id))).toEqual(new Set(['inv-2']));
    expect(await screen.findByText('Successfully processed 1 invoice(s)')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Confirmed invoices' }).textContent).toBe('Invoice 1001Invoice 77');
    expect(screen.queryByRole('list', { name: 'Invoices not confirmed' })).toBeNull();
    expect(screen.queryByText('Invoice Confirmation Grid')).toBeNull();
  });

  it('says why when nothing was written, and keeps every invoice to fix', async () => {
    api.answers.push((body) => ({
      ...allConfirmed(body),
      success: false,
      processed_count: 0,
      error: 'Invoice 1001: the lines come to $150.00 but the invoice total is $150.01 (difference $0.01).',
      filename: null,
      download_url: null,
      import_files: [],
      results: [
        {
          invoice_id: 'inv-1',
          invoice_number: null,
          confirmed: false,
          code: 'lines_do_not_tie_out',
          message: 'Invoice 1001: the lines come to $150.00 but the invoice total is $150.01 (difference $0.01).',
        },
      ],
    }));
    const user = await openGrid(acme);
    await user.click(confirmButton(1));
    expect(
      await screen.findByText(
        'Failed to confirm invoices: Invoice 1001: the lines come to $150.00 but the invoice total is $150.01 (difference $0.01).',
      ),
    ).toBeTruthy();
    expect(
      invoiceRows('Invoice 1001').getByText(
        'Not confirmed: Invoice 1001: the lines come to $150.00 but the invoice total is $150.01 (difference $0.01).',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Confirmed invoices' })).toBeNull();
  });

  it('drops an invoice confirmed before from the grid: no retry can change that, so the page does not ask for one', async () => {
    api.answers.push((body) => ({
      ...allConfirmed(body),
      processed_count: 1,
      error: 'Invoice 77 was already confirmed.',
      results: [
        { invoice_id: 'inv-1', invoice_number: '1001', confirmed: true, code: null, message: null },
        { invoice_id: 'inv-2', invoice_number: '77', confirmed: false, code: 'already_confirmed', message: 'Invoice 77 was already confirmed.' },
      ],
    }));
    const user = await openGrid(acme, bolt);
    await user.click(confirmButton(2));
    expect(await screen.findByText('Some invoices were not confirmed')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Invoices not confirmed' }).textContent).toBe('Invoice 77 was already confirmed.');
    expect(screen.queryByText(/fix them and confirm again/)).toBeNull();
    expect(screen.queryByText('Invoice Confirmation Grid')).toBeNull();
  });

  it('downloads the workbook, and offers it and the Vista CSVs again', async () => {
    const user = await openGrid(acme);
    await user.click(confirmButton(1));
    const files = await screen.findByRole('list', { name: 'Import files' });
    await waitFor(() => expect(api.saved).toEqual(['AP-Import-Daily-Detail.xlsx']));
    expect(api.downloads).toEqual(['/api/invoice-imports/b1/download?format=xlsx']);
    expect(
      within(files)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Excel workbook (Daily-Detail)', 'Vista AP header CSV (APHB)', 'Vista AP lines CSV (APLB)']);
    await user.click(within(files).getByRole('button', { name: 'Vista AP header CSV (APHB)' }));
    await waitFor(() => expect(api.saved).toHaveLength(2));
    expect(api.downloads[1]).toBe('/api/invoice-imports/b1/download?format=aphb');
  });
});

describe('reopening a pending invoice (?review=)', () => {
  it('opens the grid on that invoice alone, and starts over on a fresh page', async () => {
    const { user, location } = renderFlow('/invoice-processing?review=inv-9');
    expect(await screen.findByText('Invoice Confirmation Grid')).toBeTruthy();
    expect(screen.getAllByRole('rowgroup').filter((group) => group.getAttribute('aria-label'))).toHaveLength(1);
    const number = within(screen.getByRole('group', { name: 'Header of invoice N/A' })).getByRole('textbox', { name: 'Invoice number' });
    await user.clear(number);
    await user.type(number, 'B-77');
    await user.click(confirmButton(1));
    await waitFor(() => expect(api.confirmBodies).toHaveLength(1));
    expect(api.confirmBodies[0].invoices).toEqual([{ invoice_id: 'inv-9', corrections: { invoice_number: 'B-77' } }]);

    await user.click(await screen.findByRole('button', { name: 'Process more invoices' }));
    expect(location.history?.at(-1)).toBe('/invoice-processing');
    expect(screen.getByText('Invoice Upload')).toBeTruthy();
  });

  it('says so when the invoice is not there, with a way back', async () => {
    const { user } = renderFlow('/invoice-processing?review=gone');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invoice was not found: it may have been discarded, or it belongs to someone else.',
    );
    expect(screen.getByRole('link', { name: 'Back to your invoices' }).getAttribute('href')).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Upload invoices' }));
    expect(screen.getByText('Invoice Upload')).toBeTruthy();
  });
});
