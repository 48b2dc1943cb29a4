import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AdminPage } from './admin-page';

const ana = {
  id: 'a1',
  email: 'ana@example.test',
  name: 'Ana Lopez',
  role: 'user',
  status: 'active',
  createdAt: '2025-01-02T00:00:00Z',
  lastSeenAt: null,
};
const boss = { ...ana, id: 'b1', email: 'boss@example.test', name: null, role: 'admin' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeApi(routes: Record<string, (body: unknown) => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://kai.test').pathname}`;
    const handler = routes[key];
    return handler ? handler(init?.body ? JSON.parse(String(init.body)) : undefined) : json(404, { error: { code: 'not_found', message: key } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdminPage', () => {
  it('tells a non-administrator they need administrator rights', async () => {
    fakeApi({ 'GET /api/admin/users': () => json(403, { error: { code: 'forbidden', message: 'no' } }) });
    renderWithProviders(<AdminPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('You need administrator rights to see this page.');
  });

  it('lists users and adds one, showing its one-time password once with a copy button', async () => {
    const added: unknown[] = [];
    fakeApi({
      'GET /api/admin/users': () => json(200, { users: [boss, ana], manageable: true }),
      'POST /api/admin/users': (body) => {
        added.push(body);
        return json(201, { user: { ...ana, id: 'c1', email: 'cy@example.test', name: null }, oneTimePassword: 'pw-once-123456789012345' });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />);
    const row = (await screen.findByRole('rowheader', { name: 'ana@example.test' })).closest('tr')!;
    expect(within(row).getByText('Ana Lopez')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'cy@example.test');
    await user.click(screen.getByLabelText('Administrator'));
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const shown = await screen.findByRole('status', { name: 'One-time password' });
    expect(shown.textContent).toContain('pw-once-123456789012345');
    expect(added).toEqual([{ email: 'cy@example.test', admin: true, credential: 'password' }]);
    expect(shown.textContent).toContain('works for one sign-in within 7 days');
    await user.click(within(shown).getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('pw-once-123456789012345');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('pw-once-123456789012345')).toBeNull();
  });

  it('adds a user with an invitation link instead, shown once with a copy button', async () => {
    const added: unknown[] = [];
    const link = 'https://kai.example/invite/tok-123';
    fakeApi({
      'GET /api/admin/users': () => json(200, { users: [boss], manageable: true }),
      'POST /api/admin/users': (body) => {
        added.push(body);
        return json(201, {
          user: { ...ana, id: 'd1', email: 'dee@example.test' },
          invitationLink: link,
          invitationExpiresAt: '2025-01-09T00:00:00Z',
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />);
    expect(((await screen.findByLabelText('One-time password')) as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'dee@example.test');
    await user.click(screen.getByRole('radio', { name: 'Send an invitation link' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    const shown = await screen.findByRole('status', { name: 'Invitation link' });
    expect(added).toEqual([{ email: 'dee@example.test', admin: false, credential: 'invitation' }]);
    expect(shown.textContent).toContain(link);
    expect(shown.textContent).toContain('dee@example.test');
    await user.click(within(shown).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect((screen.getByRole('radio', { name: 'One-time password' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(link)).toBeNull();
  });

  it('offers an invitation link when resetting a password', async () => {
    const api = fakeApi({
      'GET /api/admin/users': () => json(200, { users: [boss, ana], manageable: true }),
      'POST /api/admin/users/a1/invite': () => json(200, { user: ana, invitationLink: 'https://kai.example/invite/tok-456' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Reset password ana@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation link' }));
    expect((await screen.findByRole('status', { name: 'Invitation link' })).textContent).toContain('https://kai.example/invite/tok-456');
    expect(api.mock.calls.some(([url]) => String(url).includes('/reset-password'))).toBe(false);
  });

  it('asks before disabling, and shows the server refusal for the last administrator', async () => {
    const api = fakeApi({
      'GET /api/admin/users': () => json(200, { users: [boss, ana], manageable: true }),
      'POST /api/admin/users/b1/disable': () =>
        json(409, { error: { code: 'last_admin', message: 'boss@example.test is the last active administrator' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Disable boss@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.mock.calls.some(([url]) => String(url).includes('/disable'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Disable boss@example.test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect((await screen.findByRole('alert')).textContent).toContain('last active administrator');
  });

  it('with an external provider lists users without account actions or the add form, but with their API tokens', async () => {
    fakeApi({ 'GET /api/admin/users': () => json(200, { users: [boss], manageable: false }) });
    renderWithProviders(<AdminPage />);
    expect(await screen.findByText(/external identity provider/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Disable/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.getByRole('button', { name: 'API tokens boss@example.test' })).toBeTruthy();
  });

  it("opens a user's API tokens from their row", async () => {
    const token = { id: 't1', name: 'nightly sync', createdAt: '2025-02-01T00:00:00Z', lastUsedAt: null, expiresAt: '2026-02-01T00:00:00Z' };
    fakeApi({
      'GET /api/admin/users': () => json(200, { users: [boss, ana], manageable: true }),
      'GET /api/admin/users/a1/tokens': () => json(200, [token]),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'API tokens ana@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'API tokens of ana@example.test' });
    expect(await within(dialog).findByText('nightly sync')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
