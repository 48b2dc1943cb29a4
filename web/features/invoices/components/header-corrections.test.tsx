import type { CorrectableField } from '@contract/invoices';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { correctionsInput, type HeaderEdits } from '../lib/corrections';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { HeaderCorrections } from './header-corrections';

const invoice = parsedInvoiceFixture({ invoice_number: '1OO1', due_date: null, reference: 'PO-778' });

function Harness({ disabled }: { disabled?: boolean }) {
  const [edits, setEdits] = useState<HeaderEdits>({});
  const change = (field: CorrectableField, value: string) => setEdits((current) => ({ ...current, [field]: value }));
  return (
    <>
      <HeaderCorrections invoice={invoice} edits={edits} onChange={change} disabled={disabled} />
      <output>{JSON.stringify(correctionsInput(invoice, edits) ?? null)}</output>
    </>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('HeaderCorrections', () => {
  it('shows each header field as read, in the order the review reads them', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('group', { name: 'Invoice details' })).toBeTruthy();
    const values = ['Invoice number', 'Invoice date', 'Due date', 'Job number', 'PO / reference'].map((name) => field(name).value);
    expect(values).toEqual(['1OO1', '2025-11-03', '', 'J-42', 'PO-778']);
    expect(field('Due date').placeholder).toBe('yyyy-mm-dd');
    expect(screen.queryByText(/^Read:/)).toBeNull();
  });

  it('shows the value as read beside a correction, and a cleared field as cleared', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.clear(field('Invoice number'));
    await user.type(field('Invoice number'), '88-1204');
    await user.type(field('Due date'), '2025-12-03');
    await user.clear(field('PO / reference'));
    // An OCR misreading, a date not read at all, a reference cleared: each beside what was read.
    expect(screen.getByText('Read: 1OO1')).toBeTruthy();
    expect(screen.getByText('Read: N/A')).toBeTruthy();
    expect(screen.getByText('Read: PO-778')).toBeTruthy();
    expect(field('Invoice number').getAttribute('aria-describedby')).toBe(screen.getByText('Read: 1OO1').parentElement!.id);
    expect(JSON.parse(screen.getByRole('status').textContent!)).toEqual({ invoice_number: '88-1204', due_date: '2025-12-03', reference: null });
  });

  it('flags a date that does not exist', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.clear(field('Invoice date'));
    await user.type(field('Invoice date'), '11/03/2025');
    expect(field('Invoice date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Write a real date as yyyy-mm-dd.')).toBeTruthy();
  });

  it('locks every field when disabled', () => {
    renderWithProviders(<Harness disabled />);
    expect(screen.getAllByRole('textbox').every((input) => input.matches(':disabled'))).toBe(true);
  });
});
