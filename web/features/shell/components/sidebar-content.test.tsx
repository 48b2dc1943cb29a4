import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InformationSourceProvider } from '@/stores/information-source';
import { renderWithProviders } from '@/test/render';
import { SidebarContent } from './sidebar-content';

function renderSidebar(onAction = vi.fn()) {
  renderWithProviders(
    <InformationSourceProvider>
      <SidebarContent onAction={onAction} />
    </InformationSourceProvider>,
  );
  return { onAction };
}

describe('SidebarContent', () => {
  it('shows the title, subtitle and footer', () => {
    renderSidebar();
    expect(screen.getByText('KAI')).toBeTruthy();
    expect(screen.getByText('STRUCTUREai Assistant')).toBeTruthy();
    expect(screen.getByText('© 2025 Your Company')).toBeTruthy();
    expect(screen.getByText('Structure ERP Integration')).toBeTruthy();
  });

  it('offers the four information sources with Structure/General selected', async () => {
    renderSidebar();
    expect(screen.getByRole('radiogroup', { name: 'Information Source' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    for (const label of ['Structure/General', 'Uploaded Files', 'Web Search', 'Procore']) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    expect(screen.getByRole('radio', { name: 'Structure/General' }).getAttribute('aria-checked')).toBe('true');

    await userEvent.click(screen.getByRole('radio', { name: 'Web Search' }));
    expect(screen.getByRole('radio', { name: 'Web Search' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Structure/General' }).getAttribute('aria-checked')).toBe('false');
  });

  it("stores Dark Mode as 'true'/'false' and toggles the dark class", async () => {
    renderSidebar();
    const darkMode = screen.getByRole('switch', { name: 'Dark Mode' });

    await userEvent.click(darkMode);
    expect(window.localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    await userEvent.click(darkMode);
    expect(window.localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it("stores Voice Mode as 'true'/'false'", async () => {
    renderSidebar();
    await userEvent.click(screen.getByRole('switch', { name: 'Voice Mode' }));
    expect(window.localStorage.getItem('voiceMode')).toBe('true');
  });

  it('reports each quick action', async () => {
    const { onAction } = renderSidebar();
    for (const name of ['Clear', 'Export', 'Support', 'Help', 'Connect Procore']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(onAction.mock.calls.map((call) => call[0])).toEqual(['clear', 'export', 'support', 'help', 'connect-procore']);
  });

  it("reads 'Procore: {company}' on the Procore action when the page says so", async () => {
    const onAction = vi.fn();
    renderWithProviders(
      <InformationSourceProvider>
        <SidebarContent onAction={onAction} quickActionLabels={{ 'connect-procore': 'Procore: Acme Builders' }} />
      </InformationSourceProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Connect Procore' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Procore: Acme Builders' }));
    expect(onAction).toHaveBeenCalledWith('connect-procore');
  });
});
