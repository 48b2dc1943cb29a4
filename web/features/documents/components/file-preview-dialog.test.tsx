import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { documentFixture } from '../testing-fixtures';
import { FilePreviewDialog } from './file-preview-dialog';

function stubDocument(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog(documentId: string | null = 'doc-1') {
  return renderWithProviders(<FilePreviewDialog documentId={documentId} onOpenChange={vi.fn()} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('FilePreviewDialog', () => {
  it('shows the extracted content of the document', async () => {
    const fetchMock = stubDocument(() => Response.json({ ...documentFixture(), processedContent: 'Line one\nLine two' }));
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'site-report.pdf' })).toBeTruthy();
    expect(screen.getByText(/Line one/).textContent).toBe('Line one\nLine two');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/document/doc-1');
  });

  it("shows 'Content extraction is still processing...' until there is content", async () => {
    stubDocument(() => Response.json({ ...documentFixture({ status: 'extracting' }), processedContent: null }));
    renderDialog();
    expect(await screen.findByText('Content extraction is still processing...')).toBeTruthy();
  });

  it("shows 'Document not found' for a missing document", async () => {
    stubDocument(() => Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }));
    renderDialog();
    expect(await screen.findByText('Document not found')).toBeTruthy();
  });

  it('asks again on each opening, so finished extraction shows', async () => {
    let content: string | null = null;
    stubDocument(() => Response.json({ ...documentFixture(), processedContent: content }));
    function Harness() {
      const [documentId, setDocumentId] = useState<string | null>(null);
      return (
        <>
          <button type="button" onClick={() => setDocumentId('doc-1')}>
            Open citation
          </button>
          <FilePreviewDialog documentId={documentId} onOpenChange={(open) => !open && setDocumentId(null)} />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open citation' }));
    expect(await screen.findByText('Content extraction is still processing...')).toBeTruthy();

    content = 'Extracted at last';
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open citation' }));
    expect(await screen.findByText('Extracted at last')).toBeTruthy();
  });

  it('stays closed and silent without a document id', () => {
    const fetchMock = stubDocument(() => Response.json({}));
    renderDialog(null);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
