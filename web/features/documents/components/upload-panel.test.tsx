import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, lastXhr } from '@/test/fake-xhr';
import { installObjectUrls } from '@/test/object-url';
import { renderWithProviders } from '@/test/render';
import { UploadPanel } from './upload-panel';

const pdf = () => new File(['x'.repeat(2048)], 'site-report.pdf', { type: 'application/pdf' });
const png = () => new File(['y'.repeat(1024)], 'photo.png', { type: 'image/png' });

let objectUrls: ReturnType<typeof installObjectUrls>;

beforeEach(() => {
  installFakeXhr();
  objectUrls = installObjectUrls();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  objectUrls.uninstall();
});

async function renderWithFiles(files: File[]) {
  const user = userEvent.setup();
  const view = renderWithProviders(<UploadPanel sessionId={7} />);
  await user.upload(screen.getByTestId('upload-input'), files);
  return { user, ...view };
}

async function sentUpload() {
  await waitFor(() => lastXhr());
  return lastXhr();
}

describe('UploadPanel', () => {
  it('offers the four purposes with analyze first and the accepted file types', () => {
    renderWithProviders(<UploadPanel />);
    const select = screen.getByLabelText('Upload Purpose') as HTMLSelectElement;
    expect(select.value).toBe('analyze');
    expect(Array.from(select.options).map((option) => option.value)).toEqual(['analyze', 'invoice', 'vendor', 'report']);
    expect(screen.getByText('Drop files here or click to browse')).toBeTruthy();
    expect(screen.getByText('PDF, DOC, XLS, Images supported')).toBeTruthy();
    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.doc,.docx,.xls,.xlsx,.csv,.jpg,.jpeg,.png,.webp');
    expect(input.multiple).toBe(true);
  });

  it('asks for files when none are selected', async () => {
    renderWithProviders(<UploadPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload 0 file(s)' }));
    expect(await screen.findByText('No files selected')).toBeTruthy();
    expect(screen.getByText('Please select files to upload.')).toBeTruthy();
  });

  it('opens the picker from the drop zone with Enter or Space', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadPanel />);
    const click = vi.spyOn(screen.getByTestId('upload-input'), 'click');
    const zone = screen.getByRole('button', { name: /Drop files here or click to browse/ });

    zone.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('adds dropped files', async () => {
    renderWithProviders(<UploadPanel />);
    const zone = screen.getByRole('button', { name: /Drop files here/ });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf()] } });
    expect(await screen.findByText('site-report.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload 1 file(s)' })).toBeTruthy();
  });

  it('lists the chosen files with sizes in KB, thumbnails for images, and removes them', async () => {
    const { user } = await renderWithFiles([pdf(), png()]);
    expect(screen.getByText('site-report.pdf')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(screen.getByText('1 KB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload 2 file(s)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Preview site-report.pdf' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Preview photo.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'photo.png' });
    expect(dialog.textContent).toContain('1 KB · image/png');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(screen.queryByText('photo.png')).toBeNull();
    expect(objectUrls.revoked).toEqual(['blob:fake/1']);
    expect(screen.getByRole('button', { name: 'Upload 1 file(s)' })).toBeTruthy();
  });

  it('revokes thumbnail URLs on unmount', async () => {
    const { unmount } = await renderWithFiles([png()]);
    unmount();
    expect(objectUrls.revoked).toEqual(['blob:fake/1']);
  });

  it('sends files, sessionId and purpose, shows real progress, then toasts and clears', async () => {
    const { user, queryClient } = await renderWithFiles([pdf(), png()]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.selectOptions(screen.getByLabelText('Upload Purpose'), 'invoice');
    await user.click(screen.getByRole('button', { name: 'Upload 2 file(s)' }));

    const xhr = await sentUpload();
    const form = xhr.body as FormData;
    expect(xhr.url).toBe('/api/upload');
    expect(form.get('sessionId')).toBe('7');
    expect(form.get('purpose')).toBe('invoice');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['site-report.pdf', 'photo.png']);

    xhr.progress(50, 100);
    expect(await screen.findByText('Uploading...')).toBeTruthy();
    expect(screen.getByText('45%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    expect((screen.getByRole('button', { name: 'Upload 2 file(s)' }) as HTMLButtonElement).disabled).toBe(true);

    const stored = (name: string, id: string) => ({ id, name, size: 1024, fileType: 'application/pdf', status: 'queued', duplicate: false });
    xhr.respond(200, JSON.stringify({ files: [stored('site-report.pdf', 'a'), stored('photo.png', 'b')] }));

    expect(await screen.findByText('Upload successful')).toBeTruthy();
    expect(screen.getByText('2 file(s) processed successfully.')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/documents'] });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload 0 file(s)' })).toBeTruthy());
    expect(screen.queryByText('site-report.pdf')).toBeNull();
    expect(screen.queryByText('Uploading...')).toBeNull();
  });

  it('stores the good files and names each refused one with its reason', async () => {
    const notes = new File(['meeting notes'], 'notes.txt', { type: 'text/plain' });
    const { user, queryClient } = await renderWithFiles([pdf(), png()]);
    // Dropped files skip the picker's accept list, so the server is the one to refuse this.
    fireEvent.drop(screen.getByRole('button', { name: /Drop files here/ }), { dataTransfer: { files: [notes] } });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('button', { name: 'Upload 3 file(s)' }));
    const stored = (name: string, id: string) => ({ id, name, size: 1024, fileType: 'application/pdf', status: 'queued', duplicate: false });
    (await sentUpload()).respond(
      200,
      JSON.stringify({
        files: [stored('site-report.pdf', 'a'), stored('photo.png', 'b')],
        failed: [{ name: 'notes.txt', code: 'unsupported_type', message: 'notes.txt: Plain text files are not supported.' }],
      }),
    );

    expect(await screen.findByText('Upload partly successful')).toBeTruthy();
    expect(screen.getByText('2 file(s) processed successfully. 1 failed: notes.txt: Plain text files are not supported.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/documents'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload 0 file(s)' })).toBeTruthy());
  });

  it("shows 'Upload failed: {status text}' and the server's message, and resets progress", async () => {
    const { user } = await renderWithFiles([pdf()]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    const xhr = await sentUpload();
    xhr.progress(10, 100);
    await screen.findByText('Uploading...');
    xhr.respond(415, JSON.stringify({ error: { code: 'UNSUPPORTED_FILE', message: 'Old .doc files are not supported.' } }), 'Unsupported Media Type');

    expect(await screen.findByText('Upload failed: Unsupported Media Type')).toBeTruthy();
    expect(screen.getByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('Old .doc files are not supported.')).toBeTruthy();
    expect(screen.queryByText('Uploading...')).toBeNull();
    expect(screen.getByText('site-report.pdf')).toBeTruthy();
  });

  it('falls back to the standard failure text without a readable server message', async () => {
    const { user } = await renderWithFiles([pdf()]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    (await sentUpload()).respond(500, '', 'Internal Server Error');

    expect(await screen.findByText('Upload failed: Internal Server Error')).toBeTruthy();
    expect(screen.getByText('Failed to upload files. Please try again.')).toBeTruthy();
  });
});
