import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { MenuUser } from '../user-display';
import { UserMenu } from './user-menu';

function renderMenu(user: MenuUser | null, onSignOut = vi.fn()) {
  renderWithProviders(<UserMenu user={user} onSignOut={onSignOut} />);
  return { onSignOut };
}

const trigger = () => screen.getByRole('button', { name: /^User menu/ });

describe('UserMenu', () => {
  it("shows the user's name, the first letter of it and '{role} user'", () => {
    renderMenu({ firstName: 'dana', lastName: 'Reyes', email: 'dana@example.com', role: 'admin', isDev: false });
    expect(screen.getByText('dana Reyes')).toBeTruthy();
    expect(screen.getByText('D')).toBeTruthy();
    expect(screen.getByText('admin user')).toBeTruthy();
  });

  it('falls back to the first letter of the e-mail when there is no name', () => {
    renderMenu({ firstName: null, lastName: null, email: 'mo@example.com', role: 'user', isDev: false });
    expect(trigger().textContent).toContain('M');
    expect(screen.getByText('mo@example.com')).toBeTruthy();
    expect(screen.getByText('Standard user')).toBeTruthy();
  });

  it("falls back to 'U' with neither name nor e-mail", () => {
    renderMenu({ firstName: null, lastName: null, email: null, role: 'user', isDev: false });
    expect(screen.getByText('U')).toBeTruthy();
  });

  it("shows '(dev mode)' for the dev identity", () => {
    renderMenu({ firstName: 'Dev', lastName: 'User', email: 'dev@localhost', role: 'admin', isDev: true });
    expect(screen.getByText('(dev mode)')).toBeTruthy();
    expect(screen.queryByText('admin user')).toBeNull();
  });

  it('offers Settings and Sign out; Settings explains where profiles are managed', async () => {
    const { onSignOut } = renderMenu({ firstName: 'Dana', lastName: null, email: null, role: 'user', isDev: false });
    const user = userEvent.setup();

    await user.click(trigger());
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByText("Profile management is handled in your identity provider's user menu.")).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(trigger());
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('offers Administration to administrators only', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<UserMenu user={{ email: 'mo@example.com', role: 'user', isDev: false }} onSignOut={vi.fn()} />);
    await user.click(trigger());
    await screen.findByRole('menuitem', { name: 'Settings' });
    expect(screen.queryByRole('menuitem', { name: 'Administration' })).toBeNull();
    unmount();

    const { location } = renderWithProviders(<UserMenu user={{ email: 'boss@example.com', role: 'admin', isDev: false }} onSignOut={vi.fn()} />);
    await user.click(trigger());
    await user.click(await screen.findByRole('menuitem', { name: 'Administration' }));
    expect(location.history?.at(-1)).toBe('/admin');
  });
});
