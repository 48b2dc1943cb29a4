import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { toast } from './toast';

describe('toast', () => {
  it('announces the title and description in a polite live region', async () => {
    renderWithProviders(<p>page</p>);
    const region = await screen.findByRole('region', { name: /Notifications/ });
    expect(region.getAttribute('aria-live')).toBe('polite');

    act(() => toast({ title: 'Document deleted', description: 'The document has been successfully removed.' }));

    expect(await within(region).findByText('Document deleted')).toBeTruthy();
    expect(within(region).getByText('The document has been successfully removed.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Close toast' })).toBeTruthy();
  });

  it('shows one toast at a time: a new one takes the place of the last', async () => {
    renderWithProviders(<p>page</p>);
    act(() => toast({ title: 'Upload successful', description: '2 file(s) processed successfully.' }));
    await screen.findByText('Upload successful');

    act(() => toast({ variant: 'destructive', title: 'Error deleting document', description: 'Not found' }));

    expect(await screen.findByText('Error deleting document')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Upload successful')).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
