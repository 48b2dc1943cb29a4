import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InformationSourceProvider } from '@/stores/information-source';
import { renderWithProviders } from '@/test/render';
import { MainLayout } from './main-layout';

function renderLayout() {
  const props = { onQuickAction: vi.fn(), onOpenHelp: vi.fn(), onOpenInvoiceProcessing: vi.fn(), onOpenSettings: vi.fn() };
  renderWithProviders(
    <InformationSourceProvider>
      <MainLayout userMenu={<span>menu</span>} {...props}>
        <p>chat area</p>
      </MainLayout>
    </InformationSourceProvider>,
  );
  return props;
}

describe('MainLayout', () => {
  it("shows the header: title, 'Online', the current source and labelled buttons", async () => {
    const props = renderLayout();
    expect(screen.getByText('KAI Assistant')).toBeTruthy();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getAllByText('Structure/General').length).toBeGreaterThan(0);

    const header = within(screen.getByRole('banner'));
    await userEvent.click(header.getByRole('button', { name: 'Invoice processing' }));
    await userEvent.click(header.getByRole('button', { name: 'Get help with this feature' }));
    expect(props.onOpenInvoiceProcessing).toHaveBeenCalledTimes(1);
    expect(props.onOpenHelp).toHaveBeenCalledTimes(1);
  });

  it("toggles the 'Context and Tools' panel", async () => {
    renderLayout();
    const toggle = screen.getByRole('button', { name: 'Toggle context panel' });
    await userEvent.click(toggle);
    expect(screen.getByText('Context and Tools')).toBeTruthy();
    await userEvent.click(toggle);
    expect(screen.queryByText('Context and Tools')).toBeNull();
  });

  it("offers 'Settings' in the context panel's title bar", async () => {
    const props = renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle context panel' }));
    const panel = within(screen.getByRole('complementary', { name: 'Context and Tools' }));
    await userEvent.click(panel.getByRole('button', { name: 'Settings' }));
    expect(props.onOpenSettings).toHaveBeenCalledTimes(1);
  });

  it('collapses and expands the desktop sidebar', async () => {
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.queryByText('STRUCTUREai Assistant')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByText('STRUCTUREai Assistant')).toBeTruthy();
  });

  it('opens the small-screen drawer and closes it with Escape or the overlay', async () => {
    renderLayout();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
    expect(await screen.findByRole('dialog', { name: 'Sidebar' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sidebar' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
    await screen.findByRole('dialog', { name: 'Sidebar' });
    await user.click(screen.getByTestId('sheet-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sidebar' })).toBeNull());
  });
});
