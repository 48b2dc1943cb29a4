import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { announceProcoreConnected } from '../lib/procore-channel';
import { AUTH_URL, fakeProcoreApi, procoreError } from '../testing-fixtures';
import { ConnectProcoreDialog } from './connect-procore-dialog';

function Harness({ onConnected }: { onConnected: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open Procore</button>
      <ConnectProcoreDialog open={open} onOpenChange={setOpen} onConnected={onConnected} />
    </>
  );
}

function renderDialog(api: ReturnType<typeof fakeProcoreApi>) {
  vi.stubGlobal('fetch', api.fetchMock);
  const onConnected = vi.fn();
  renderWithProviders(<Harness onConnected={onConnected} />);
  return { onConnected, dialog: () => within(screen.getByRole('dialog')) };
}

async function goToAuthStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Sign in to Procore' }));
  return (await screen.findByLabelText('Authorization code')) as HTMLInputElement;
}

let openSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  openSpy = vi.spyOn(window, 'open').mockReturnValue(null);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ConnectProcoreDialog', () => {
  it('explains, then opens Procore sign-in in a 600x700 window and asks for the code', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog(fakeProcoreApi());
    expect(dialog().getByRole('heading', { name: 'Connect to Procore' })).toBeTruthy();
    expect(dialog().getByText('A Procore sign-in window opens.')).toBeTruthy();

    await goToAuthStep(user);
    expect(openSpy).toHaveBeenCalledWith(AUTH_URL, 'procore-auth', 'width=600,height=700');
    expect(dialog().getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('keeps Connect disabled while the code is blank, and toasts when a blank code is submitted', async () => {
    const user = userEvent.setup();
    const api = fakeProcoreApi();
    renderDialog(api);
    const input = await goToAuthStep(user);
    const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
    await user.type(input, '   ');
    expect(connect.disabled).toBe(true);

    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('Authorization code required')).toBeTruthy();
    expect(screen.getByText('Please enter the authorization code from Procore')).toBeTruthy();
    expect(api.sent('/api/procore/authenticate')).toEqual([]);
  });

  it("sends the trimmed code with the authorize URL's state, disabling Connect while in flight", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const api = fakeProcoreApi({ authenticate: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderDialog(api);
    const input = await goToAuthStep(user);
    await user.type(input, '  code-abc  ');
    const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(false);
    await user.click(connect);

    await waitFor(() => expect(api.sent('/api/procore/authenticate')).toEqual([{ code: 'code-abc', state: 'state-123' }]));
    expect(connect.disabled).toBe(true);
    answer(Response.json({ success: true, companyName: 'Acme Builders' }));
    expect(await screen.findByText('Procore Connected')).toBeTruthy();
    expect(screen.getByText('Successfully connected to Acme Builders')).toBeTruthy();
    expect(screen.getByText('Connected to Acme Builders')).toBeTruthy();
  });

  it("names 'your Procore company' when the server gives no company", async () => {
    const user = userEvent.setup();
    renderDialog(fakeProcoreApi({ authenticate: () => Response.json({ success: true }) }));
    await user.type(await goToAuthStep(user), 'code-abc');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Successfully connected to your Procore company')).toBeTruthy();
  });

  it("toasts 'Authentication Failed' when the exchange fails, and stays on the code step", async () => {
    const user = userEvent.setup();
    renderDialog(fakeProcoreApi({ authenticate: () => procoreError(400, 'procore_auth_failed', 'Procore refused the code.') }));
    await user.type(await goToAuthStep(user), 'bad-code');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Authentication Failed')).toBeTruthy();
    expect(screen.getByText('Failed to connect to Procore. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Authorization code') as HTMLInputElement).value).toBe('bad-code');
  });

  it("toasts 'Authentication Error' when the authorize URL cannot be had", async () => {
    const user = userEvent.setup();
    renderDialog(fakeProcoreApi({ authUrl: () => new Response('boom', { status: 500 }) }));
    await user.click(await screen.findByRole('button', { name: 'Sign in to Procore' }));
    expect(await screen.findByText('Authentication Error')).toBeTruthy();
    expect(screen.getByText('Failed to start Procore authentication. Please try again.')).toBeTruthy();
    expect(openSpy).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Authorization code')).toBeNull();
  });

  it('says what an administrator must set when Procore is not configured, with the start disabled', async () => {
    const hint = 'Set PROCORE_CLIENT_ID and PROCORE_CLIENT_SECRET on the server.';
    renderDialog(fakeProcoreApi({ status: { configured: false, hint } }));
    expect(await screen.findByText(hint)).toBeTruthy();
    expect(screen.getByText('Procore is not set up on this server.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sign in to Procore' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('Cancel closes, back at the intro with the code cleared', async () => {
    const user = userEvent.setup();
    const { onConnected } = renderDialog(fakeProcoreApi());
    await user.type(await goToAuthStep(user), 'half-typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open Procore' }));
    expect(await screen.findByRole('button', { name: 'Sign in to Procore' })).toBeTruthy();
    expect((await goToAuthStep(user)).value).toBe('');
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('moves to success when the callback page connects in the sign-in window', async () => {
    const user = userEvent.setup();
    renderDialog(fakeProcoreApi());
    await goToAuthStep(user);
    announceProcoreConnected('Acme Builders');
    expect(await screen.findByText('Connected to Acme Builders')).toBeTruthy();
    expect(screen.getByText('Successfully connected to Acme Builders')).toBeTruthy();
  });

  it('when connected, shows the company, switches company and disconnects', async () => {
    const user = userEvent.setup();
    const companies = [
      { id: '1', name: 'Acme Builders' },
      { id: '2', name: 'Acme Civil' },
    ];
    const api = fakeProcoreApi({ status: { connected: true, company: companies[0] }, companies });
    renderDialog(api);
    expect(await screen.findByText('Connected to Acme Builders')).toBeTruthy();

    await user.selectOptions(await screen.findByLabelText('Company'), 'Acme Civil');
    expect(await screen.findByText('Connected to Acme Civil')).toBeTruthy();
    expect(api.sent('/api/procore/company')).toEqual([{ companyId: '2' }]);

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Procore disconnected')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in to Procore' })).toBeTruthy();
  });
});
