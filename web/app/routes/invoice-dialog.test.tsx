import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vendorFixture } from '@/features/vendors/testing-fixtures';
import { renderWithProviders } from '@/test/render';
import { InvoiceDialog, toVendorOptions } from './invoice-dialog';

afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Invoice processing
      </button>
      <InvoiceDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('InvoiceDialog', () => {
  it('leaves inactive vendors out of the picker and shows a different legal entity beside the name', () => {
    const options = toVendorOptions([
      vendorFixture({ id: 'a', name: 'Acme Supply', legalEntity: 'Acme Supply Holdings LLC' }),
      vendorFixture({ id: 'b', name: 'Zenith', legalEntity: 'Zenith' }),
      vendorFixture({ id: 'c', name: 'Gone Ltd', isActive: false }),
    ]);
    expect(options).toEqual([
      { name: 'Acme Supply', detail: 'Acme Supply Holdings LLC' },
      { name: 'Zenith', detail: null },
    ]);
  });

  it('fetches the vendor master only once opened, and links to the full page', async () => {
    const fetchMock = vi.fn(async () => Response.json([]));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Harness />);
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Invoice processing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invoice Processing' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/vendors', expect.anything());
    expect(dialog.getByRole('link', { name: 'Open full page' }).getAttribute('href')).toBe('/invoice-processing');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
