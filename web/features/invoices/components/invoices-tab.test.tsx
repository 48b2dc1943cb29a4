import type { ImportFile, InvoiceDto } from '@contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installObjectUrls } from '@/test/object-url';
import { renderWithProviders } from '@/test/render';
import { invoiceDtoFixture } from '../testing-fixtures';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { InvoicesTab } from './invoices-tab';

type DeleteAnswer = { status: 204 } | { status: 409; code: string; message: string };

/** The invoices API over a list the DELETE handler really shrinks, so a refetch shows the result. */
function serveInvoices(invoices: InvoiceDto[] | null, onDelete: DeleteAnswer = { status: 204 }) {
  let listed = invoices;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE' && listed) {
      const id = decodeURIComponent(url.replace('/api/invoices/', ''));
      if (onDelete.status === 409) return Response.json({ error: { code: onDelete.code, message: onDelete.message } }, { status: 409 });
      listed = listed.filter((invoice) => invoice.id !== id);
      return new Response(null, { status: 204 });
    }
    if (url === '/api/invoices') return listed ? Response.json(listed) : new Response('boom', { status: 500 });
    if (url === '/api/invoices/inv-1/preview') return new Response(new Blob(['png'], { type: 'image/png' }));
    if (url === '/api/invoices/inv-1/download') return new Response(new Blob(['%PDF'], { type: 'application/pdf' }));
    if (url.startsWith('/api/invoice-imports/')) return new Response(new Blob(['csv'], { type: 'text/csv' }));
    return new Response('Not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const pendingInvoice = invoiceDtoFixture({
  id: 'inv-2',
  invoiceNumber: '1002',
  status: 'Pending',
  documentId: 'doc-2',
  confirmedBy: null,
  confirmedAt: null,
});

const importFiles: ImportFile[] = [
  { format: 'xlsx', label: 'Import workbook (Excel)', download_url: '/api/invoice-imports/batch-1/download?format=xlsx' },
  { format: 'aphb', label: 'Vista AP headers (APHB CSV)', download_url: '/api/invoice-imports/batch-1/download?format=aphb' },
  { format: 'aplb', label: 'Vista AP lines (APLB CSV)', download_url: '/api/invoice-imports/batch-1/download?format=aplb' },
];

function deleteCalls(fetchMock: ReturnType<typeof serveInvoices>): string[] {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);
}

let objectUrls: ReturnType<typeof installObjectUrls>;
beforeEach(() => {
  objectUrls = installObjectUrls();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  objectUrls.uninstall();
});

describe('InvoicesTab', () => {
  it("shows 'No invoices processed yet' for an empty list", async () => {
    serveInvoices([]);
    renderWithProviders(<InvoicesTab />);
    expect(screen.getByText('Invoice Processing')).toBeTruthy();
    expect(await screen.findByText('No invoices processed yet')).toBeTruthy();
  });

  it("shows 'Failed to fetch invoices' when the list cannot be read", async () => {
    serveInvoices(null);
    renderWithProviders(<InvoicesTab />);
    expect(await screen.findByText('Failed to fetch invoices')).toBeTruthy();
  });

  it('shows number, vendor, amount, status and date, with fallbacks for what is missing', async () => {
    serveInvoices([
      invoiceDtoFixture(),
      invoiceDtoFixture({ id: 'inv-2', invoiceNumber: null, vendorName: null, amount: null, date: null, status: 'Pending' }),
    ]);
    renderWithProviders(<InvoicesTab />);
    const cards = within(await screen.findByRole('list', { name: 'Invoices' })).getAllByRole('listitem');
    expect(cards[0].textContent).toContain('1001');
    expect(cards[0].textContent).toContain('Acme Supply');
    expect(cards[0].textContent).toContain('$1,234.50');
    expect(cards[0].textContent).toContain('Confirmed');
    expect(cards[0].textContent).toContain('Nov 3, 2025');
    expect(within(cards[1]).getAllByText('N/A')).toHaveLength(3);
    expect(within(cards[1]).getByText('Unknown')).toBeTruthy();
    expect(within(cards[1]).getByText('Pending')).toBeTruthy();
  });

  it('shows each amount in its invoice currency', async () => {
    serveInvoices([invoiceDtoFixture({ currency: 'EUR' }), invoiceDtoFixture({ id: 'inv-2', invoiceNumber: '1002', amount: 99, currency: 'CHF' })]);
    renderWithProviders(<InvoicesTab />);
    const cards = within(await screen.findByRole('list', { name: 'Invoices' })).getAllByRole('listitem');
    expect(cards[0].textContent).toContain('€1,234.50');
    expect(cards[1].textContent).toContain('CHF\u00a099.00');
  });

  it("labels an invoice without a status 'Pending'", () => {
    renderWithProviders(<InvoiceStatusBadge status={undefined} />);
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it('previews the invoice page and downloads its PDF', async () => {
    const fetchMock = serveInvoices([invoiceDtoFixture()]);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderWithProviders(<InvoicesTab />);
    await user.click(await screen.findByRole('button', { name: 'Preview invoice 1001' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invoice 1001' });
    expect(await within(dialog).findByRole('img', { name: 'First page of acme-1001.pdf' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['acme-1001.pdf']));
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/invoices/inv-1/download');
  });

  it('offers a pending invoice its review on the full page', async () => {
    serveInvoices([pendingInvoice, invoiceDtoFixture({ id: 'inv 3', invoiceNumber: null, status: 'Pending' })]);
    renderWithProviders(<InvoicesTab />);
    const review = await screen.findByRole('link', { name: 'Review invoice 1002' });
    expect(review.getAttribute('href')).toBe('/invoice-processing?review=inv-2');
    // No number read: the file names it, and the id is escaped in the query.
    expect(screen.getByRole('link', { name: 'Review invoice acme-1001.pdf' }).getAttribute('href')).toBe('/invoice-processing?review=inv%203');
  });

  it('asks before discarding a pending invoice, then removes it from the list', async () => {
    const fetchMock = serveInvoices([invoiceDtoFixture(), pendingInvoice]);
    const user = userEvent.setup();
    renderWithProviders(<InvoicesTab />);
    expect(screen.queryByRole('button', { name: 'Discard invoice 1001' })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Discard invoice 1002' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard invoice' });
    expect(dialog.textContent).toContain('Invoice 1002 from Acme Supply will be removed from your invoices; the PDF stays in your documents.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteCalls(fetchMock)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Discard invoice 1002' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Invoice discarded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Review invoice 1002' })).toBeNull());
    expect(deleteCalls(fetchMock)).toEqual(['/api/invoices/inv-2']);
    expect(within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it("shows the server's reason when the invoice was confirmed meanwhile", async () => {
    serveInvoices([pendingInvoice], {
      status: 409,
      code: 'invoice_confirmed',
      message: 'Invoice 1002 was already confirmed; it cannot be discarded.',
    });
    const user = userEvent.setup();
    renderWithProviders(<InvoicesTab />);
    await user.click(await screen.findByRole('button', { name: 'Discard invoice 1002' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard invoice' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Could not discard the invoice')).toBeTruthy();
    expect(await screen.findByText('Invoice 1002 was already confirmed; it cannot be discarded.')).toBeTruthy();
  });

  it("downloads a confirmed invoice's import again, in each format", async () => {
    const fetchMock = serveInvoices([invoiceDtoFixture({ status: 'Exported', importFiles })]);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderWithProviders(<InvoicesTab />);
    const links = within(await screen.findByRole('list', { name: 'Import files of invoice 1001' }));
    // A short row in the list ('Import: Excel · APHB · APLB'), each button named in full.
    expect(links.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(importFiles.map((file) => file.label));
    expect(links.getAllByRole('button').map((button) => button.textContent)).toEqual(['Excel', 'APHB', 'APLB']);
    expect(screen.queryByRole('link', { name: /^Review invoice/ })).toBeNull();

    await user.click(links.getByRole('button', { name: 'Vista AP headers (APHB CSV)' }));
    await waitFor(() => expect(saved).toEqual(['AP-Import-Vista-APHB-Headers.csv']));
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/invoice-imports/batch-1/download?format=aphb');
  });
});
