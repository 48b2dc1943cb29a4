import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { InvoicePreviewPanel } from './invoice-preview-panel';

const fieldValue = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

describe('fields read by the AI model', () => {
  it('marks a field the model filled with an AI badge that explains itself, and no other', async () => {
    const invoice = parsedInvoiceFixture({
      invoice_number: 'LK-88213',
      fields: {
        invoice_number: { confidence: 0.6, region: null, source: 'model' },
        total_amount: { confidence: 0.95, region: null, source: 'rules' },
      },
      warnings: ['Invoice number read by the AI model; please check it.'],
    });
    renderWithProviders(<InvoicePreviewPanel invoice={invoice} />);

    const number = fieldValue('Invoice Number');
    expect(number.textContent).toBe('LK-88213AI (read by the AI model, please check)');
    expect(within(fieldValue('Total Amount')).queryByText('AI')).toBeNull();
    expect(within(fieldValue('Date')).queryByText('AI')).toBeNull();
    expect(screen.getByText('Invoice number read by the AI model; please check it.')).toBeTruthy();

    await userEvent.tab();
    expect((await screen.findAllByText(/Read by the AI model where the rules could not read it/)).length).toBeGreaterThan(0);
  });

  it('shows no badge on an invoice the rules read alone', () => {
    renderWithProviders(<InvoicePreviewPanel invoice={parsedInvoiceFixture({ fields: { invoice_number: { confidence: 0.95, region: null } } })} />);
    expect(screen.queryByText('AI')).toBeNull();
  });
});
