import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, lastXhr } from '@/test/fake-xhr';
import { renderWithProviders } from '@/test/render';
import { SettingsDialog } from './settings-dialog';

const csv = () => new File(['name\nAcme Supply\n'], 'vendors.csv', { type: 'text/csv' });
const answer = {
  success: true,
  message: 'Imported 12 vendors.',
  created: 10,
  updated: 2,
  skipped: 1,
  skippedRows: [{ row: 5, reason: 'No vendor name.' }],
};

beforeEach(() => {
  installFakeXhr();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderAndPick(file: File) {
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<SettingsDialog open onOpenChange={() => {}} />);
  await user.upload(screen.getByTestId('vendor-list-input'), file);
  return user;
}

describe('SettingsDialog', () => {
  it('shows the export, vendor setup and placeholder sections', () => {
    renderWithProviders(<SettingsDialog open onOpenChange={() => {}} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Settings' }));
    expect(dialog.getByText('Database Export')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Download Export' }) as HTMLButtonElement).disabled).toBe(false);
    expect(dialog.queryByRole('button', { name: 'Download Instance Export' })).toBeNull();
    expect(dialog.getByText('Vendor Setup')).toBeTruthy();
    expect(dialog.getByText('Supported formats: CSV, Excel (.xlsx, .xls)')).toBeTruthy();
    expect((screen.getByTestId('vendor-list-input') as HTMLInputElement).accept).toBe('.csv,.xlsx,.xls');
    expect(dialog.getByText('Additional Settings')).toBeTruthy();
    expect(dialog.getByText('More settings will be available in future updates.')).toBeTruthy();
  });

  it("uploads the list and toasts 'Success' with the server's message", async () => {
    await renderAndPick(csv());
    await waitFor(() => lastXhr());
    expect(lastXhr().url).toBe('/api/upload-vendor-list');
    expect(((lastXhr().body as FormData).get('file') as File).name).toBe('vendors.csv');
    expect(await screen.findByText('Uploading vendors.csv...')).toBeTruthy();
    lastXhr().respond(200, JSON.stringify(answer));

    expect(await screen.findByText('Success')).toBeTruthy();
    expect(screen.getByText('Imported 12 vendors.')).toBeTruthy();
    expect(screen.getByText('vendors.csv')).toBeTruthy();
    expect(screen.getByText('10 created, 2 updated, 1 skipped')).toBeTruthy();
    expect(screen.getByText('Row 5: No vendor name.')).toBeTruthy();
  });

  it("toasts 'Error' with the server's message", async () => {
    await renderAndPick(csv());
    await waitFor(() => lastXhr());
    lastXhr().respond(400, JSON.stringify({ error: { code: 'VALIDATION', message: 'The file has no vendor name column.' } }));
    // The toast store outlives a test: wait for this test's own message, not any 'Error'.
    expect(await screen.findAllByText(/The file has no vendor name column\./)).not.toHaveLength(0);
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });

  it("toasts 'Failed to upload vendor list' when the network fails", async () => {
    await renderAndPick(csv());
    await waitFor(() => lastXhr());
    lastXhr().failNetwork();
    expect(await screen.findAllByText(/Failed to upload vendor list/)).not.toHaveLength(0);
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });

  it('refuses other file types without sending them', async () => {
    await renderAndPick(new File(['x'], 'vendors.pdf', { type: 'application/pdf' }));
    expect(await screen.findAllByText(/Please choose a CSV or Excel file/)).not.toHaveLength(0);
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
    expect(() => lastXhr()).toThrow();
  });

  it("downloads the user's export, and for an administrator the instance export under its real file name", async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const user = userEvent.setup();
    renderWithProviders(<SettingsDialog open onOpenChange={() => {}} isAdmin />);
    await user.click(screen.getByRole('button', { name: 'Download Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Download Instance Export' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    const urls = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls[0]).toBe('/api/export');
    expect(urls[1]).toMatch(/^\/api\/admin\/download-export\/kai-instance-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved[0]).toMatch(/^kai-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved[1]).toBe(urls[1].split('/').pop());
  });
});
