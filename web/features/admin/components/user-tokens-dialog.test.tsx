import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@contract/tokens';
import { renderWithProviders } from '@/test/render';
import { UserTokensDialog } from './user-tokens-dialog';

const ana = {
  id: 'a1',
  email: 'ana@example.test',
  name: 'Ana Lopez',
  role: 'user' as const,
  status: 'active' as const,
  createdAt: '2025-01-02T00:00:00Z',
  lastSeenAt: null,
};
const laptop: ApiToken = {
  id: 't1',
  name: 'old laptop',
  createdAt: '2025-02-01T00:00:00Z',
  lastUsedAt: '2025-03-01T00:00:00Z',
  expiresAt: '2026-02-01T00:00:00Z',
};
const backup: ApiToken = { id: 't2', name: 'backup job', createdAt: '2025-02-02T00:00:00Z', lastUsedAt: null, expiresAt: '2026-02-02T00:00:00Z' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server holding Ana's tokens: what the dialog shows is what it lists after each revocation. */
function fakeTokenServer(initial: ApiToken[]) {
  let tokens = [...initial];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://kai.test').pathname;
      const key = `${init?.method ?? 'GET'} ${path}`;
      if (key === 'GET /api/admin/users/a1/tokens') return json(200, tokens);
      calls.push(key);
      if (key === 'DELETE /api/admin/users/a1/tokens') {
        const revoked = tokens.length;
        tokens = [];
        return json(200, { revoked });
      }
      const one = key.match(/^DELETE \/api\/admin\/users\/a1\/tokens\/(\w+)$/);
      if (one) {
        tokens = tokens.filter((t) => t.id !== one[1]);
        return new Response(null, { status: 204 });
      }
      return json(404, { error: { code: 'not_found', message: key } });
    }),
  );
  return calls;
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('UserTokensDialog', () => {
  it('lists names and dates, and revokes one token only after a confirmation', async () => {
    const calls = fakeTokenServer([laptop, backup]);
    const user = userEvent.setup();
    renderWithProviders(<UserTokensDialog user={ana} onClose={() => {}} />);
    const list = await screen.findByRole('list', { name: 'API tokens of ana@example.test' });
    expect(within(list).getByText('old laptop')).toBeTruthy();
    expect(list.textContent).toContain(`last used ${new Date('2025-03-01T00:00:00Z').toLocaleDateString()}`);
    expect(list.textContent).toContain('last used Never');

    await user.click(screen.getByRole('button', { name: 'Revoke old laptop' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm revoking' });
    expect(confirm.textContent).toContain('Revoke "old laptop"?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke old laptop' }));
    await user.click(screen.getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('backup job')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('old laptop')).toBeNull());
    expect(calls).toEqual(['DELETE /api/admin/users/a1/tokens/t1']);
  });

  it('revokes all tokens after a confirmation naming how many', async () => {
    const calls = fakeTokenServer([laptop, backup]);
    const user = userEvent.setup();
    renderWithProviders(<UserTokensDialog user={ana} onClose={() => {}} />);
    await screen.findByText('old laptop');

    await user.click(screen.getByRole('button', { name: 'Revoke all' }));
    expect(screen.getByRole('alertdialog', { name: 'Confirm revoking' }).textContent).toContain('Revoke all 2 tokens of ana@example.test?');
    await user.click(screen.getByRole('button', { name: 'Revoke all tokens' }));
    expect(await screen.findByText('No API tokens.')).toBeTruthy();
    expect(calls).toEqual(['DELETE /api/admin/users/a1/tokens']);
    expect(screen.queryByRole('button', { name: 'Revoke all' })).toBeNull();
  });
});
