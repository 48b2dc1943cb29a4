import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installObjectUrls } from '@/test/object-url';
import { renderWithProviders } from '@/test/render';
import { invoiceDtoFixture } from '../testing-fixtures';
import { InvoicePreviewDialog } from './invoice-preview-dialog';

let objectUrls: ReturnType<typeof installObjectUrls>;
beforeEach(() => {
  objectUrls = installObjectUrls();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new Blob(['png'], { type: 'image/png' }))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  objectUrls.uninstall();
});

const corrected = invoiceDtoFixture({
  invoiceNumber: 'INV-77',
  corrections: [
    { field: 'invoice_number', label: 'Invoice number', read: 'N/A', confirmed: 'INV-77' },
    { field: 'invoice_date', label: 'Invoice date', read: null, confirmed: '2026-11-02' },
    { field: 'reference', label: 'Reference/PO', read: 'PO-1', confirmed: null },
    { field: 'line_3', label: 'Line 3 removed', read: '7,530.18 Loaded by: J. Smith', confirmed: null },
  ],
  differenceReason: 'Freight billed separately next month',
  importFiles: [{ format: 'xlsx', label: 'Import workbook (Excel)', download_url: '/api/invoice-imports/batch-1/download?format=xlsx' }],
});

describe('InvoicePreviewDialog', () => {
  it('says who confirmed the invoice and when, why its lines may differ, and offers its import', async () => {
    renderWithProviders(<InvoicePreviewDialog invoice={corrected} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-77' });
    expect(within(dialog).getByText('Confirmed by Pat Clerk on Nov 4, 2025')).toBeTruthy();
    expect(within(dialog).getByText('Freight billed separately next month')).toBeTruthy();
    expect(within(within(dialog).getByRole('list', { name: 'Import files' })).getByRole('button', { name: 'Import workbook (Excel)' })).toBeTruthy();
  });

  it('lists each correction beside the value as read', async () => {
    renderWithProviders(<InvoicePreviewDialog invoice={corrected} onOpenChange={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Corrections' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Invoice number', 'N/A', 'INV-77'],
      ['Invoice date', 'not read', '2026-11-02'],
      ['Reference/PO', 'PO-1', 'cleared'],
      ['Line 3 removed', '7,530.18 Loaded by: J. Smith', 'removed'],
    ]);
  });

  it('shows no review record for a pending invoice nobody corrected', async () => {
    renderWithProviders(
      <InvoicePreviewDialog invoice={invoiceDtoFixture({ status: 'Pending', confirmedBy: null, confirmedAt: null })} onOpenChange={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invoice 1001' });
    expect(within(dialog).queryByText(/^Confirmed by/)).toBeNull();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });
});
