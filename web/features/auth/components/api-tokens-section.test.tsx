import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ApiTokensSection } from './api-tokens-section';

const listed = { id: 't1', name: 'nightly', createdAt: '2025-01-02T00:00:00Z', lastUsedAt: null, expiresAt: '2025-04-02T00:00:00Z' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fakeServer() {
  let tokens = [listed];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url} ${init.body ?? ''}`.trim());
      if (init.method === 'POST') {
        const made = { ...listed, id: 't2', name: 'sync' };
        tokens = [...tokens, made];
        return Response.json({ ...made, token: 'kai_pat_secret123' }, { status: 201 });
      }
      if (init.method === 'DELETE') {
        tokens = tokens.filter((t) => !url.endsWith(t.id));
        return new Response(null, { status: 204 });
      }
      return Response.json(tokens);
    }),
  );
  return calls;
}

describe('ApiTokensSection', () => {
  it('lists tokens, creates one showing its secret once, and revokes', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderWithProviders(<ApiTokensSection enabled />);
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    await within(list).findByText('nightly');
    expect(list.textContent).toContain('last used Never');

    await user.type(screen.getByLabelText('Name'), 'sync');
    await user.clear(screen.getByLabelText('Expires in (days)'));
    await user.type(screen.getByLabelText('Expires in (days)'), '30');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByRole('status')).textContent).toContain('kai_pat_secret123');
    expect(calls).toContain('POST /api/tokens {"name":"sync","expiresInDays":30}');
    await within(list).findByText('sync');

    await user.click(screen.getByRole('button', { name: 'Revoke nightly' }));
    await waitFor(() => expect(within(list).queryByText('nightly')).toBeNull());
    expect(calls).toContain('DELETE /api/tokens/t1');
  });
});
