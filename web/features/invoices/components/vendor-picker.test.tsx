import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { VendorOption } from '../lib/vendor-options';
import { VendorPicker } from './vendor-picker';

function Picker({ candidates = [], vendors = [], initial = '' }: { candidates?: string[]; vendors?: VendorOption[]; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="vendor">Invoice Vendor</label>
      <VendorPicker id="vendor" value={value} onChange={setValue} candidates={candidates} vendors={vendors} />
      <output>chosen: {value}</output>
    </>
  );
}

const master: VendorOption[] = [
  { name: 'Zenith Concrete', detail: 'Zenith Concrete LLC' },
  { name: 'Acme Supply', detail: null },
  { name: 'Metro Electric', detail: null },
];

async function openPicker() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Invoice Vendor' }));
  return { user, search: screen.getByPlaceholderText('Search vendors...') };
}

describe('VendorPicker', () => {
  it("shows 'Select vendor...' until a vendor is chosen, and 'No vendors found' with an empty list", async () => {
    renderWithProviders(<Picker />);
    expect(screen.getByRole('combobox', { name: 'Invoice Vendor' }).textContent).toBe('Select vendor...');
    await openPicker();
    expect(screen.getByText('No vendors found')).toBeTruthy();
  });

  it('lists the candidates first, then the vendor master', async () => {
    renderWithProviders(<Picker candidates={['Acme Supply']} vendors={master} />);
    await openPicker();
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['Acme Supply', 'Zenith ConcreteZenith Concrete LLC', 'Metro Electric']);
    expect(screen.getByRole('listbox').className).toContain('max-h-[300px]');
  });

  it("says 'No matches found' and offers the text as a new vendor", async () => {
    renderWithProviders(<Picker vendors={master} />);
    const { user, search } = await openPicker();
    await user.type(search, 'Quarry Rock');
    expect(screen.getByText('No matches found')).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Use "Quarry Rock" as new vendor' }));
    expect(screen.getByText('chosen: Quarry Rock')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Invoice Vendor' }).textContent).toBe('Quarry Rock');
  });

  it('filters as the user types and picks with the keyboard', async () => {
    renderWithProviders(<Picker vendors={master} initial="Acme Supply" />);
    const { user, search } = await openPicker();
    await user.type(search, 'llc');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Zenith ConcreteZenith Concrete LLC',
      'Use "llc" as new vendor',
    ]);
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(screen.getByText('chosen: Zenith Concrete')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('does not offer an existing name as new', async () => {
    renderWithProviders(<Picker vendors={master} />);
    const { user, search } = await openPicker();
    await user.type(search, 'metro electric');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Metro Electric']);
  });
});
