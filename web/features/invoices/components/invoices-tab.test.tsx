import type { InvoiceDto } from '@contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installObjectUrls } from '@/test/object-url';
import { renderWithProviders } from '@/test/render';
import { invoiceDtoFixture } from '../testing-fixtures';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { InvoicesTab } from './invoices-tab';

function serveInvoices(invoices: InvoiceDto[] | null) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/invoices') return invoices ? Response.json(invoices) : new Response('boom', { status: 500 });
    if (url === '/api/invoices/inv-1/preview') return new Response(new Blob(['png'], { type: 'image/png' }));
    if (url === '/api/invoices/inv-1/download') return new Response(new Blob(['%PDF'], { type: 'application/pdf' }));
    return new Response('Not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
});
