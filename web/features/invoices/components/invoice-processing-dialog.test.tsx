import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, lastXhr, FakeXhr } from '@/test/fake-xhr';
import { installObjectUrls } from '@/test/object-url';
import { renderWithProviders } from '@/test/render';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { answerUpload, confirmedBody, DialogHarness as Harness, fakeConfirmApi, pdf, reviewInvoices } from '../testing-dialog';

const first = parsedInvoiceFixture({
  reference: 'PO-778',
  fields: { total_amount: { confidence: 0.4, region: null }, invoice_number: { confidence: 0.98, region: null } },
  checks: [{ code: 'totals_tie_out', passed: false, message: 'The lines add up to $140.00, not $150.00.' }],
});
const second = parsedInvoiceFixture({
  invoice_id: 'inv-2',
  source_filename: 'bolt-77.pdf',
  invoice_number: '77',
  total_amount: 80,
  vendor_name: 'Bolt & Nut',
  vendor_candidates: [],
  line_items: [{ line_number: 1, id: null, description: 'Anchor bolts', quantity: null, unit_price: null, amount: 80, vendor_candidates: [] }],
  invoice_lines: [{ line_number: 1, invoice_number: '77', amount: 80, vendor_name: null }],
});

const uploadBoth = () => reviewInvoices([first, second]);

let objectUrls: ReturnType<typeof installObjectUrls>;

beforeEach(() => {
  installFakeXhr();
  objectUrls = installObjectUrls();
  vi.spyOn(crypto, 'randomUUID').mockReturnValue('11111111-2222-4333-8444-555555555555');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  objectUrls.uninstall();
});

describe('InvoiceProcessingDialog, upload', () => {
  it('shows the upload step and moves the bar to 50% as the files are sent', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Invoice Processing' });
    for (const text of ['Upload Invoice(s)', 'Select PDF files to process', 'or drag and drop PDF files here']) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(within(dialog).getByRole('button', { name: 'Choose Files' })).toBeTruthy();
    expect((screen.getByTestId('invoice-file-input') as HTMLInputElement).accept).toBe('.pdf,application/pdf');

    await user.upload(screen.getByTestId('invoice-file-input'), [pdf('a.pdf'), pdf('b.pdf')]);
    await waitFor(() => lastXhr());
    expect(lastXhr().url).toBe('/api/upload-invoice');
    expect(((lastXhr().body as FormData).get('file') as File).name).toBe('a.pdf');
    lastXhr().progress(50, 100);
    expect(await screen.findByText('13%')).toBeTruthy();
    await answerUpload(0, [first]);
    expect(await screen.findByText('25%')).toBeTruthy();
    await answerUpload(1, [second]);

    expect(await screen.findByText('Upload successful')).toBeTruthy();
    expect(screen.getByText('Processed 2 invoice(s)')).toBeTruthy();
  });

  it("toasts 'Upload failed' naming the file and the server's message", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByTestId('invoice-file-input'), [pdf('broken.pdf')]);
    await waitFor(() => lastXhr());
    // The server names the file in its message as well: the toast says it once.
    lastXhr().respond(422, JSON.stringify({ error: { code: 'UNREADABLE_PDF', message: 'broken.pdf: The PDF could not be read.' } }));

    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('Failed to upload broken.pdf: The PDF could not be read.')).toBeTruthy();
    expect(screen.getByText('Upload Invoice(s)')).toBeTruthy();
  });

  it('goes on with the other PDFs when one fails, and reviews the ones that went through', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByTestId('invoice-file-input'), [pdf('broken.pdf'), pdf('bolt-77.pdf')]);
    await waitFor(() => expect(FakeXhr.instances.length).toBe(1));
    FakeXhr.instances[0].respond(422, JSON.stringify({ error: { code: 'UNREADABLE_PDF', message: 'The PDF could not be read.' } }));
    await answerUpload(1, [second]);

    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('Failed to upload broken.pdf: The PDF could not be read.')).toBeTruthy();
    expect(await screen.findByText('Invoice 1 of 1')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Invoice Vendor' }).textContent).toContain('Bolt & Nut');
  });

  it("says 'Unknown error occurred' when the failure carries no message", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByTestId('invoice-file-input'), [pdf('lost.pdf')]);
    await waitFor(() => lastXhr());
    lastXhr().respond(502, '<html>Bad gateway</html>', 'Bad Gateway');
    expect(await screen.findByText('Failed to upload lost.pdf: Unknown error occurred')).toBeTruthy();
  });
});

describe('InvoiceProcessingDialog, review', () => {
  it('steps through the invoices with previous and next disabled at the ends', async () => {
    const user = await uploadBoth();
    const previous = screen.getByRole('button', { name: 'Previous invoice' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next invoice' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    expect(screen.getByText('Invoice Preview')).toBeTruthy();
    expect(screen.getByText('Invoice Confirmation')).toBeTruthy();
    expect(screen.getByText('Nov 3, 2025')).toBeTruthy();
    expect(screen.getByText('$150.00')).toBeTruthy();
    expect(screen.getByText('SKU-1')).toBeTruthy();
    expect(screen.getByText('PO-778')).toBeTruthy();
    const warnings = within(screen.getByRole('list', { name: 'Warnings' })).getAllByRole('listitem');
    expect(warnings.map((item) => item.textContent)).toEqual(['Low confidence: Total Amount', 'The lines add up to $140.00, not $150.00.']);

    await user.click(next);
    expect(screen.getByText('Invoice 2 of 2')).toBeTruthy();
    expect(next.disabled).toBe(true);
    expect(previous.disabled).toBe(false);
    // No candidates: the printed vendor name is the default.
    expect(screen.getByRole('combobox', { name: 'Invoice Vendor' }).textContent).toContain('Bolt & Nut');
  });

  it('switches the hint with Invoice Total Only, which starts off', async () => {
    const user = await uploadBoth();
    const checkbox = screen.getByRole('checkbox', { name: 'Invoice Total Only' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    expect(screen.getByText('Individual line items will be added to Daily-Detail sheet')).toBeTruthy();
    await user.click(checkbox);
    expect(screen.getByText('Single line with invoice total will be added to Daily-Detail sheet')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Amount for line 1' })).toBeNull();
  });

  it('posts the edited invoice, moves on, and after the last one downloads the workbook and closes', async () => {
    const { bodies, fetchMock } = fakeConfirmApi([
      { body: confirmedBody('inv-1', 1) },
      { body: confirmedBody('inv-2', 2, { filename: 'VVE_Import.xlsx', download_url: '/api/imports/session-1.xlsx' }) },
    ]);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = await uploadBoth();

    // Moved between the lines, the amounts still tie to the total.
    for (const [line, typed] of [
      [1, '120.5'],
      [2, '29.5'],
    ]) {
      const amount = screen.getByRole('textbox', { name: `Amount for line ${line}` });
      await user.clear(amount);
      await user.type(amount, String(typed));
    }
    await user.click(screen.getByRole('button', { name: 'Confirm Invoice' }));

    expect(await screen.findByText('Invoice confirmed')).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      parsed_invoice: { invoice_id: 'inv-1' },
      mappings: [
        { line_number: 1, invoice_number: '1001', amount: 120.5, chosen_vendor: 'Acme Supply' },
        { line_number: 2, invoice_number: '1001', amount: 29.5, chosen_vendor: 'Acme Supply' },
      ],
      is_last_invoice: false,
      session_id: '11111111-2222-4333-8444-555555555555',
      invoice_total_only: false,
      invoice_vendor: 'Acme Supply',
    });
    expect(await screen.findByText('Invoice 2 of 2')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Invoice Total Only' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Invoice' }));

    expect(await screen.findByText('VVE import file generated: VVE_Import.xlsx')).toBeTruthy();
    expect(bodies[1]).toMatchObject({
      parsed_invoice: { invoice_id: 'inv-2' },
      mappings: [{ line_number: 1, invoice_number: '77', amount: 80, chosen_vendor: 'Bolt & Nut' }],
      is_last_invoice: true,
      session_id: '11111111-2222-4333-8444-555555555555',
      invoice_total_only: true,
      invoice_vendor: 'Bolt & Nut',
    });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/imports/session-1.xlsx')).toBe(true);
    expect(saved).toEqual(['VVE_Import.xlsx']);
    // The import is offered again in each format before the dialog closes.
    expect(await screen.findByRole('heading', { name: 'Invoices confirmed' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Import files' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Import workbook (Excel)', 'Vista AP headers (APHB CSV)', 'Vista AP lines (APLB CSV)']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes a free-text invoice vendor for every line, unless a line picks its own', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await uploadBoth();
    await user.click(screen.getByRole('combobox', { name: 'Invoice Vendor' }));
    await user.type(screen.getByPlaceholderText('Search vendors...'), 'Acme Supply Inc');
    await user.click(screen.getByRole('option', { name: 'Use "Acme Supply Inc" as new vendor' }));
    expect(screen.getByRole('combobox', { name: 'Invoice Vendor' }).textContent).toContain('Acme Supply Inc');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vendor for line 2' }), 'Acme Supply');

    await user.click(screen.getByRole('button', { name: 'Confirm Invoice' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      invoice_vendor: 'Acme Supply Inc',
      mappings: [
        { line_number: 1, chosen_vendor: 'Acme Supply Inc' },
        { line_number: 2, chosen_vendor: 'Acme Supply' },
      ],
    });
  });

  it('says live whether the lines add up to the total, and holds Confirm back, saying why, while an edit breaks it', async () => {
    const user = await uploadBoth();
    const region = screen.getByText('Lines add up to the invoice total of $150.00.').closest('[role="status"]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');

    const amount = screen.getByRole('textbox', { name: 'Amount for line 1' });
    await user.clear(amount);
    await user.type(amount, '120.5');
    expect(region.textContent).toBe(
      'Lines come to $170.50; the invoice total is $150.00 (difference $20.50). Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why.',
    );
    const confirm = screen.getByRole('button', { name: 'Confirm Invoice' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe(
      'The lines do not add up to the invoice total: fix them, or confirm with a difference and say why.',
    );
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)).toBe(screen.getByRole('note'));

    // Invoice Total Only posts the total as one line: nothing to tie out.
    await user.click(screen.getByRole('checkbox', { name: 'Invoice Total Only' }));
    expect(region.textContent).toBe('Lines add up to the invoice total of $150.00.');
    expect(confirm.disabled).toBe(false);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows every amount of a EUR invoice in euros', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByTestId('invoice-file-input'), [pdf('acme-1001.pdf')]);
    await answerUpload(0, [parsedInvoiceFixture({ currency: 'EUR', total_amount: 1234.5, tax_amount: 1084.5 })]);
    await screen.findByText('Invoice 1 of 1');

    expect(screen.getByText('€1,234.50')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Line items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Lumber 2x4SKU-1€100.00', 'Delivery€50.00']);
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getByText(/^Lines come to €150\.00; the invoice total is €1,234\.50 \(difference €1,084\.50\)\./)).toBeTruthy();
    expect(screen.getByText(/The difference is the invoice's tax, which gets no line of its own/)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Invoice Total Only' }));
    expect(within(screen.getByRole('list', { name: 'Invoice lines' })).getByText('€1,234.50')).toBeTruthy();
  });

  it('ignores an amount edit that is not a number', async () => {
    const { bodies } = fakeConfirmApi([{ body: confirmedBody('inv-1', 1) }]);
    const user = await uploadBoth();
    const amount = screen.getByRole('textbox', { name: 'Amount for line 2' }) as HTMLInputElement;
    await user.clear(amount);
    await user.type(amount, 'abc');
    await user.tab();
    expect(amount.value).toBe('50.00');

    await user.click(screen.getByRole('button', { name: 'Confirm Invoice' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { mappings: Array<{ amount: number }> }).mappings[1].amount).toBe(50);
  });

  it("toasts 'Confirmation failed' and stays on the invoice", async () => {
    fakeConfirmApi([{ status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } }]);
    const user = await uploadBoth();
    await user.click(screen.getByRole('button', { name: 'Confirm Invoice' }));
    expect(await screen.findByText('Confirmation failed')).toBeTruthy();
    expect(screen.getByText(/^Failed to confirm invoice/)).toBeTruthy();
    expect(screen.getByText('Invoice 1 of 2')).toBeTruthy();
  });

  it("'Add More' goes back to the upload step and keeps the invoices", async () => {
    const user = await uploadBoth();
    await user.click(screen.getByRole('button', { name: 'Add More' }));
    expect(screen.getByText('Upload Invoice(s)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to Review' }));
    expect(screen.getByText('Invoice 1 of 2')).toBeTruthy();
  });
});
