import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeProcoreApi } from '@/features/procore/testing-fixtures';
import { InformationSourceProvider, useInformationSource } from '@/stores/information-source';
import { renderWithProviders } from '@/test/render';
import { ProcoreDialog } from './procore-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  const { source } = useInformationSource();
  return (
    <>
      <p>source: {source}</p>
      <ProcoreDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(window, 'open').mockReturnValue(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProcoreDialog', () => {
  it('closes two seconds after connecting and switches the chat to the Procore source', async () => {
    vi.stubGlobal('fetch', fakeProcoreApi().fetchMock);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(
      <InformationSourceProvider>
        <Harness />
      </InformationSourceProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Sign in to Procore' }));
    await user.type(await screen.findByLabelText('Authorization code'), 'code-abc');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connected to Acme Builders')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(screen.getByText('source: structure')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('source: procore')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
