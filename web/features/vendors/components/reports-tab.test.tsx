import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { vendorFixture } from '../testing-fixtures';
import { ReportsTab } from './reports-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportsTab', () => {
  it('keeps the three report buttons, which only log', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    renderWithProviders(<ReportsTab />);
    expect(screen.getByText('Quick Reports')).toBeTruthy();
    for (const name of ['Vendor Summary', 'Invoice Status', 'Custom Query']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(log).toHaveBeenCalledTimes(3);
    expect(await screen.findByText('Vendors (0)')).toBeTruthy();
  });

  it('counts all vendors and lists the first five with Active or Inactive', async () => {
    const vendors = Array.from({ length: 7 }, (_, index) => vendorFixture({ id: `v-${index}`, name: `Vendor ${index + 1}`, isActive: index !== 1 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/vendors' ? Response.json(vendors) : new Response('', { status: 404 }))),
    );
    renderWithProviders(<ReportsTab />);

    expect(await screen.findByText('Vendors (7)')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Vendors (7)' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Vendor 1Active', 'Vendor 2Inactive', 'Vendor 3Active', 'Vendor 4Active', 'Vendor 5Active']);
  });
});
