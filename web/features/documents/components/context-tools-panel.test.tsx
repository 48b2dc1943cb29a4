import type { DocumentDto } from '@contract/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { documentFixture } from '../testing-fixtures';
import { ContextToolsPanel } from './context-tools-panel';

const longName = 'Quarterly vendor reconciliation for the north site.pdf';

/** A fake documents API that keeps its list, so the refetch after a delete shows the change. */
function fakeDocumentsApi(initial: DocumentDto[], { failDelete = false } = {}) {
  let documents = [...initial];
  return vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url === '/api/documents' && method === 'GET') return Response.json(documents);
    const match = /^\/api\/documents\/([^/]+)$/.exec(url);
    if (match && method === 'DELETE') {
      if (failDelete) return Response.json({ error: { code: 'NOT_FOUND', message: 'Document not found.' } }, { status: 404 });
      documents = documents.filter((document) => document.id !== match[1]);
      return Response.json({ success: true });
    }
    return new Response('Not found', { status: 404 });
  });
}

const twoDocuments = [
  documentFixture({ id: 'd1', filename: longName }),
  documentFixture({
    id: 'd2',
    filename: 'scan.png',
    kind: 'png',
    fileType: 'image/png',
    fileSize: 2048,
    status: 'failed',
    failureReason: 'No text could be read from this image.',
  }),
  documentFixture({ id: 'd3', filename: 'ledger.xlsx', kind: 'xlsx', status: 'queued' }),
];

afterEach(() => vi.unstubAllGlobals());

describe('ContextToolsPanel, Documents tab', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Loading documents...' while the list loads", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<ContextToolsPanel />);
    expect(screen.getByText('Document Analysis')).toBeTruthy();
    expect(screen.getByText('Loading documents...')).toBeTruthy();
  });

  it("shows 'No documents uploaded yet' for an empty list", async () => {
    vi.stubGlobal('fetch', fakeDocumentsApi([]));
    renderWithProviders(<ContextToolsPanel />);
    expect(await screen.findByText('No documents uploaded yet')).toBeTruthy();
  });

  it("shows 'Failed to fetch documents' when the list cannot be read", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500 })),
    );
    renderWithProviders(<ContextToolsPanel />);
    expect(await screen.findByText('Failed to fetch documents')).toBeTruthy();
  });

  it('lists documents: names cut at 35 characters, type, KB and status', async () => {
    vi.stubGlobal('fetch', fakeDocumentsApi(twoDocuments));
    renderWithProviders(<ContextToolsPanel />);

    const shortened = await screen.findByText(`${longName.slice(0, 35)}...`);
    expect(shortened.getAttribute('title')).toBe(longName);
    const rows = within(screen.getByRole('list', { name: 'Documents' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toContain('PDF');
    expect(rows[0].textContent).toContain('300 KB');
    expect(rows[0].textContent).toContain('Ready');
    expect(rows[1].textContent).toContain('2 KB');
    expect(rows[1].textContent).toContain('Failed');
    expect(rows[1].textContent).toContain('No text could be read from this image.');
    expect(rows[2].textContent).toContain('Queued');
    expect(screen.getByRole('button', { name: `Preview ${longName}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Delete ${longName}` })).toBeTruthy();
  });

  it('refetches on every open', async () => {
    const fetchMock = fakeDocumentsApi([]);
    vi.stubGlobal('fetch', fetchMock);
    const { unmount, queryClient } = renderWithProviders(<ContextToolsPanel />);
    await screen.findByText('No documents uploaded yet');
    unmount();
    renderWithProviders(<ContextToolsPanel />, { queryClient });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('polls every 10 seconds while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const documents = [documentFixture({ id: 'd1', filename: 'first.pdf' })];
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json(documents)),
      );
      renderWithProviders(<ContextToolsPanel />);
      await screen.findByText('first.pdf');

      documents.push(documentFixture({ id: 'd2', filename: 'second.pdf' }));
      await vi.advanceTimersByTimeAsync(9_000);
      expect(screen.queryByText('second.pdf')).toBeNull();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await screen.findByText('second.pdf')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks before deleting, deletes, toasts and refreshes the list', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', fakeDocumentsApi(twoDocuments));
    renderWithProviders(<ContextToolsPanel />);

    await user.click(await screen.findByRole('button', { name: 'Delete ledger.xlsx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Document' });
    expect(dialog.textContent).toContain('Are you sure you want to delete ledger.xlsx? This action cannot be undone.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('ledger.xlsx')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete ledger.xlsx' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Document deleted')).toBeTruthy();
    expect(screen.getByText('The document has been successfully removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('ledger.xlsx')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("toasts 'Error deleting document' with the server's message when the delete fails", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', fakeDocumentsApi(twoDocuments, { failDelete: true }));
    renderWithProviders(<ContextToolsPanel />);

    await user.click(await screen.findByRole('button', { name: 'Delete ledger.xlsx' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error deleting document')).toBeTruthy();
    expect(screen.getByText('Document not found.')).toBeTruthy();
  });
});

describe('ContextToolsPanel, Invoices and Reports tabs', () => {
  it('shows the tab contents the route composes in', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', fakeDocumentsApi([]));
    renderWithProviders(<ContextToolsPanel invoicesTab={<p>invoice cards</p>} reportsTab={<p>report buttons</p>} />);

    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(screen.getByText('invoice cards')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(screen.getByText('report buttons')).toBeTruthy();
  });
});
