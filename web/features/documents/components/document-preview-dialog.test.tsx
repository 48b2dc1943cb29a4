import type { DocumentDto } from '@contract/documents';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '@/lib/api-client';
import { installObjectUrls } from '@/test/object-url';
import { renderWithProviders } from '@/test/render';
import { documentFixture } from '../testing-fixtures';
import { DocumentPreviewDialog } from './document-preview-dialog';

type Route = (url: string, init: RequestInit) => Promise<Response> | Response;

let objectUrls: ReturnType<typeof installObjectUrls>;
let unregister: () => void;

beforeEach(() => {
  objectUrls = installObjectUrls();
  unregister = setAccessTokenGetter(() => 'token-abc');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  unregister();
  objectUrls.uninstall();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubFetch(route: Route) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => route(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const imageBlob = () => new Response(new Blob(['png-bytes'], { type: 'image/png' }));

function renderDialog(document: DocumentDto) {
  return renderWithProviders(<DocumentPreviewDialog document={document} onOpenChange={vi.fn()} />);
}

describe('DocumentPreviewDialog', () => {
  it('shows name, type, size with two decimals, date and the metadata', async () => {
    stubFetch(() => new Response('', { status: 404 }));
    renderDialog(documentFixture({ fileSize: 1.5 * 1024 ** 2, metadata: { pages: 3, method: 'text' } }));

    const dialog = await screen.findByRole('dialog', { name: 'site-report.pdf' });
    expect(dialog.textContent).toContain('PDF');
    expect(dialog.textContent).toContain('1.50 MB');
    expect(dialog.textContent).toContain('Mar 4, 2025');
    expect(dialog.querySelector('pre')?.textContent).toBe(JSON.stringify({ pages: 3, method: 'text' }, null, 2));
    expect(dialog.className).toContain('max-h-[90vh]');
  });

  it("labels invoice uploads 'INVOICE'", async () => {
    stubFetch(() => new Response('', { status: 404 }));
    renderDialog(documentFixture({ purpose: 'invoice' }));
    expect(await screen.findByText('INVOICE')).toBeTruthy();
  });

  it('shows a PDF preview image fetched with the bearer token', async () => {
    const fetchMock = stubFetch(imageBlob);
    renderDialog(documentFixture({ id: 'pdf-1' }));

    const image = (await screen.findByRole('img', { name: 'First page of site-report.pdf' })) as HTMLImageElement;
    expect(image.src).toBe('blob:fake/1');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/documents/pdf-1/preview');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-abc');
  });

  it('falls back to the page count, or Unknown pages, without a PDF preview', async () => {
    stubFetch(() => new Response('', { status: 404 }));
    const { unmount } = renderDialog(documentFixture({ metadata: { pages: 3 } }));
    expect(await screen.findByText('PDF document · 3 pages')).toBeTruthy();
    unmount();

    renderDialog(documentFixture({ id: 'other', metadata: null }));
    expect(await screen.findByText('PDF document · Unknown pages')).toBeTruthy();
  });

  it("shows an image inline and 'Unable to display image' when it fails to load", async () => {
    const fetchMock = stubFetch(imageBlob);
    renderDialog(documentFixture({ id: 'img-1', filename: 'scan.png', kind: 'png', fileType: 'image/png' }));

    const image = await screen.findByRole('img', { name: 'scan.png' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/documents/img-1/content');
    fireEvent.error(image);
    expect(await screen.findByText('Unable to display image')).toBeTruthy();
  });

  it("shows 'Unable to display image' when the image cannot be fetched", async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderDialog(documentFixture({ id: 'img-2', filename: 'scan.png', kind: 'png', fileType: 'image/png' }));
    expect(await screen.findByText('Unable to display image')).toBeTruthy();
  });

  it("downloads with the bearer token, showing 'Downloading...' while busy", async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    const fetchMock = stubFetch((url) => {
      if (url.endsWith('/download')) return new Promise<Response>((resolve) => (finish = resolve));
      return new Response('', { status: 404 });
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderDialog(documentFixture({ id: 'doc-9', filename: 'ledger.xlsx', kind: 'xlsx' }));

    await user.click(await screen.findByRole('button', { name: 'Download' }));
    const busy = await screen.findByRole('button', { name: 'Downloading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/documents/doc-9/download');
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer token-abc');

    finish(new Response(new Blob(['bytes'])));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy());
    expect(clicked).toEqual(['ledger.xlsx']);
  });

  it('only logs a failed download', async () => {
    const user = userEvent.setup();
    stubFetch(() => new Response('gone', { status: 500 }));
    renderDialog(documentFixture({ kind: 'xlsx' }));

    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });
});
