import type { UploadInvoicesResult } from '@contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, lastXhr } from '@/test/fake-xhr';
import { installObjectUrls } from '@/test/object-url';
import { renderWithProviders } from '@/test/render';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { InvoiceBatchFlow } from './invoice-batch-flow';
import { acme, bad, installBatchApi, lineCells, ok, pdf, processFiles } from '../testing-batch';

let objectUrls: ReturnType<typeof installObjectUrls>;
let confirmBodies: ReturnType<typeof installBatchApi>['confirmBodies'];

beforeEach(() => {
  installFakeXhr();
  objectUrls = installObjectUrls();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  confirmBodies = installBatchApi().confirmBodies;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  objectUrls.uninstall();
});

describe('InvoiceBatchFlow', () => {
  it('refuses more than 10 files and lists chosen ones in MB', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InvoiceBatchFlow />);
    expect(screen.getByText('Invoice Upload')).toBeTruthy();
    const input = screen.getByLabelText(/Select invoice PDFs/);

    await user.upload(
      input,
      Array.from({ length: 11 }, (_, index) => pdf(`invoice-${index}.pdf`, 10)),
    );
    expect(screen.getByRole('alert').textContent).toBe('Maximum 10 invoices can be uploaded at once');
    expect((screen.getByRole('button', { name: 'Process 0 Invoice(s)' }) as HTMLButtonElement).disabled).toBe(true);

    await user.upload(input, [pdf('acme-1001.pdf'), pdf('scan.pdf', 1024 * 1024 * 2)]);
    expect(screen.queryByRole('alert')).toBeNull();
    const rows = within(screen.getByRole('list', { name: 'Selected invoices' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['acme-1001.pdf1.50 MB', 'scan.pdf2.00 MB']);
    expect(screen.getByRole('button', { name: 'Process 2 Invoice(s)' })).toBeTruthy();
  });

  it('sends the files, previews the good ones with their sections, and counts both in the grid', async () => {
    const user = await processFiles([pdf('acme-1001.pdf'), pdf('scan.pdf')], JSON.stringify({ results: [ok, bad] }));
    expect(((lastXhr().body as FormData).getAll('files') as File[]).map((file) => file.name)).toEqual(['acme-1001.pdf', 'scan.pdf']);
    expect(lastXhr().url).toBe('/api/upload-invoices');

    expect(await screen.findByText('Upload Complete')).toBeTruthy();
    expect(screen.getByText('1 invoice(s) processed successfully, 1 failed')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['acme-1001.pdf']);
    await screen.findByRole('img', { name: 'First page of acme-1001.pdf' });
    expect(screen.getByTestId('highlight-header').style.left).toBe('10%');
    await user.click(screen.getByRole('button', { name: 'Header' }));
    expect(screen.queryByTestId('highlight-header')).toBeNull();
    expect((screen.getByRole('button', { name: 'Reference' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Continue to Confirmation' }));
    expect(screen.getByText('Invoice Confirmation Grid')).toBeTruthy();
    const counts = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(counts).toEqual(['1', '1', '$150.00']);
    expect(screen.getByRole('list', { name: 'Processing errors' }).textContent).toBe('scan.pdf: No text could be read from this PDF.');
    expect(lineCells()).toEqual([
      ['1001', 'Lumber 2x4', 'Acme Supply', '100.00', 'Ready'],
      ['1001', 'Delivery', 'Acme Supply', '50.00', 'Ready'],
    ]);
    expect(screen.getByText('Lines add up to the invoice total of $150.00.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Invoice Total Only for invoice 1001' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Continue to Confirmation' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to Confirmation' }));
    await user.click(screen.getByRole('button', { name: 'Confirm & Process (1 invoice(s))' }));

    expect(await screen.findByText('Successfully processed 1 invoice(s)')).toBeTruthy();
    expect(confirmBodies[0]).toMatchObject({
      invoices: [{ invoice_id: 'inv-1' }],
      mappings: [
        { invoice_id: 'inv-1', line_number: 1, invoice_number: '1001', amount: 100, chosen_vendor: 'Acme Supply' },
        { invoice_id: 'inv-1', line_number: 2, invoice_number: '1001', amount: 50, chosen_vendor: 'Acme Supply' },
      ],
    });
    // The result stays until the clerk starts over: what was written, and its import files.
    expect(within(screen.getByRole('list', { name: 'Confirmed invoices' })).getAllByRole('listitem')[0].textContent).toBe('Invoice 1001');
    expect(screen.queryByText('Invoice Confirmation Grid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Process more invoices' }));
    expect(screen.getByText('Invoice Upload')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Process 0 Invoice(s)' })).toBeTruthy();
  });

  it('warns under an invoice whose edited lines no longer add up to its total, and holds the confirm back', async () => {
    const euro = parsedInvoiceFixture({
      invoice_id: 'inv-2',
      source_filename: 'bolt-77.pdf',
      invoice_number: '77',
      currency: 'EUR',
      total_amount: 80,
      vendor_candidates: ['Bolt & Nut'],
      line_items: [{ line_number: 1, id: null, description: 'Anchor bolts', quantity: null, unit_price: null, amount: 80, vendor_candidates: [] }],
      invoice_lines: [{ line_number: 1, invoice_number: '77', amount: 80, vendor_name: 'Bolt & Nut' }],
    });
    const both = { results: [ok, { success: true, filename: 'bolt-77.pdf', error: null, parsed_invoices: [euro] }] };
    const user = await processFiles([pdf('acme-1001.pdf'), pdf('bolt-77.pdf')], JSON.stringify(both));
    await user.click(await screen.findByRole('button', { name: 'Continue to Confirmation' }));

    expect(screen.getAllByRole('definition')[2].textContent).toBe('$150.00 + €80.00');
    expect(screen.getByText('Lines add up to the invoice total of €80.00.')).toBeTruthy();
    const region = screen.getByText('Lines add up to the invoice total of $150.00.').closest('[role="status"]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');

    const amount = screen.getByRole('textbox', { name: 'Amount for invoice 1001 line 2' });
    await user.clear(amount);
    await user.type(amount, '40');
    // The same live region now carries the warning, so a screen reader hears it.
    expect(region.textContent).toBe(
      'Lines come to $140.00; the invoice total is $150.00 (difference $10.00). Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why.',
    );
    expect(screen.getByText('Lines add up to the invoice total of €80.00.')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm & Process (2 invoice(s))' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    await user.clear(amount);
    await user.type(amount, '50');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(await screen.findByText('Successfully processed 2 invoice(s)')).toBeTruthy();
    expect(confirmBodies[0]).toMatchObject({
      mappings: [
        { invoice_id: 'inv-1', line_number: 1, amount: 100 },
        { invoice_id: 'inv-1', line_number: 2, amount: 50 },
        { invoice_id: 'inv-2', line_number: 1, amount: 80, chosen_vendor: 'Bolt & Nut' },
      ],
    });
  });

  it('adds the missing charge beside the note of the invoice that differs, and confirms it as an added line', async () => {
    const user = await processFiles([pdf('acme-1001.pdf')], JSON.stringify({ results: [ok] }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Confirmation' }));
    expect(screen.queryByRole('button', { name: /missing charge/ })).toBeNull();
    const amount = screen.getByRole('textbox', { name: 'Amount for invoice 1001 line 2' });
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(screen.getByRole('button', { name: 'Add the missing charge to invoice 1001' }));

    const description = screen.getByRole('textbox', { name: 'Description for invoice 1001 line 3' });
    expect(document.activeElement).toBe(description);
    await user.type(description, 'Restocking fee');
    expect(screen.getByText('Lines add up to the invoice total of $150.00.')).toBeTruthy();
    expect(lineCells()[2]).toEqual(['1001', 'Restocking fee', 'Acme Supply', '10.00', 'Added']);

    await user.click(screen.getByRole('button', { name: 'Confirm & Process (1 invoice(s))' }));
    await waitFor(() => expect(confirmBodies).toHaveLength(1));
    expect(confirmBodies[0].mappings).toEqual([
      { invoice_id: 'inv-1', line_number: 1, invoice_number: '1001', amount: 100, chosen_vendor: 'Acme Supply' },
      { invoice_id: 'inv-1', line_number: 2, invoice_number: '1001', amount: 40, chosen_vendor: 'Acme Supply' },
      {
        invoice_id: 'inv-1',
        line_number: 3,
        invoice_number: '1001',
        amount: 10,
        chosen_vendor: 'Acme Supply',
        added: true,
        description: 'Restocking fee',
      },
    ]);
  });

  it('lists an invoice once when the same file came twice, under the name given last', async () => {
    const again: UploadInvoicesResult = { ...ok, filename: 'acme copy.pdf', parsed_invoices: [{ ...acme, source_filename: 'acme copy.pdf' }] };
    const user = await processFiles([pdf('acme-1001.pdf'), pdf('acme copy.pdf')], JSON.stringify({ results: [ok, again] }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Confirmation' }));
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['2', '0', '$150.00']);
    expect(screen.getByRole('list', { name: 'Repeated files' }).textContent).toBe(
      'acme copy.pdf is the same file as acme-1001.pdf: its invoice is listed once.',
    );
    expect(screen.getAllByRole('textbox', { name: 'Amount for invoice 1001 line 1' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Confirm & Process (1 invoice(s))' }));
    await waitFor(() => expect(confirmBodies).toHaveLength(1));
    expect(confirmBodies[0].invoices).toEqual([{ invoice_id: 'inv-1' }]);
  });

  it('takes an added charge out again', async () => {
    const user = await processFiles([pdf('acme-1001.pdf')], JSON.stringify({ results: [ok] }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Confirmation' }));
    const amount = screen.getByRole('textbox', { name: 'Amount for invoice 1001 line 1' });
    await user.clear(amount);
    await user.type(amount, '90');
    await user.click(screen.getByRole('button', { name: 'Add the missing charge to invoice 1001' }));
    await user.click(screen.getByRole('button', { name: 'Remove added charge line 3 from invoice 1001' }));
    expect(screen.queryByRole('textbox', { name: /line 3/ })).toBeNull();
    expect(screen.getByText(/^Lines come to \$140\.00/)).toBeTruthy();
  });

  it("posts one invoice's total alone with its Invoice Total Only", async () => {
    const user = await processFiles([pdf('acme-1001.pdf')], JSON.stringify({ results: [ok] }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Confirmation' }));
    const amount = screen.getByRole('textbox', { name: 'Amount for invoice 1001 line 1' });
    await user.clear(amount);
    await user.type(amount, '90');
    expect(screen.getByText(/^Lines come to \$140\.00/)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Invoice Total Only for invoice 1001' }));
    expect(screen.getByText('Lines add up to the invoice total of $150.00.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Amount/ })).toBeNull();
    expect(lineCells()).toEqual([['1001', 'Invoice total', 'Acme Supply', '$150.00', 'Ready']]);

    await user.click(screen.getByRole('button', { name: 'Confirm & Process (1 invoice(s))' }));
    await waitFor(() => expect(confirmBodies).toHaveLength(1));
    expect(confirmBodies[0].mappings).toEqual([
      { invoice_id: 'inv-1', line_number: 1, invoice_number: '1001', amount: 150, chosen_vendor: 'Acme Supply', invoice_total_only: true },
    ]);
  });

  it('sends a file that is not a PDF along, and lists the reason the server refused it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<InvoiceBatchFlow />);
    await user.upload(screen.getByLabelText(/Select invoice PDFs/), [
      pdf('acme-1001.pdf'),
      new File(['call the supplier'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Process 2 Invoice(s)' }));
    await waitFor(() => lastXhr());
    expect(((lastXhr().body as FormData).getAll('files') as File[]).map((file) => file.name)).toEqual(['acme-1001.pdf', 'notes.txt']);
    const refused: UploadInvoicesResult = {
      success: false,
      filename: 'notes.txt',
      error: 'notes.txt: invoices must be PDF files.',
      parsed_invoices: [],
    };
    lastXhr().respond(200, JSON.stringify({ results: [ok, refused] }));

    expect(await screen.findByText('1 invoice(s) processed successfully, 1 failed')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['acme-1001.pdf']);
    expect(screen.getByRole('list', { name: 'Processing errors' }).textContent).toBe('notes.txt: invoices must be PDF files.');
    await user.click(screen.getByRole('button', { name: 'Continue to Confirmation' }));
    expect(screen.getByRole('list', { name: 'Processing errors' }).textContent).toBe('notes.txt: invoices must be PDF files.');
    expect(screen.getByRole('button', { name: 'Confirm & Process (1 invoice(s))' })).toBeTruthy();
  });

  it('disables the confirm button when nothing went through', async () => {
    await processFiles([pdf('scan.pdf')], JSON.stringify({ results: [bad] }));
    expect(await screen.findByText('0 invoice(s) processed successfully, 1 failed')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm & Process (0 invoice(s))' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['0', '1', '$0.00']);
  });

  it("says 'Invalid response format' when the results are missing", async () => {
    await processFiles([pdf('acme-1001.pdf')], JSON.stringify({ files: [] }));
    expect(await screen.findByText('Invalid response format')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it("says 'Failed to process invoices' when the request fails", async () => {
    await processFiles([pdf('acme-1001.pdf')], '', 500);
    expect(await screen.findByText('Failed to process invoices')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Process 1 Invoice(s)' })).toBeTruthy();
  });
});
