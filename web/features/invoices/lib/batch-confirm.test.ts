import type { ConfirmInvoicesResponse } from '@contract/invoices';
import { describe, expect, it } from 'vitest';
import { parsedInvoiceFixture } from '../testing-fixtures';
import { NO_EDIT } from './batch';
import { batchConfirmInput, pendingInvoices, recordOutcome, resultName } from './batch-confirm';

const acme = parsedInvoiceFixture();
const bolt = parsedInvoiceFixture({ invoice_id: 'inv-2', invoice_number: null, source_filename: 'bolt.pdf' });

const answer = (overrides: Partial<ConfirmInvoicesResponse>): ConfirmInvoicesResponse => ({
  success: true,
  processed_count: 1,
  error: null,
  filename: 'AP-Import-Daily-Detail-2026-11-22-1530-1-invoice.xlsx',
  download_url: '/api/invoice-imports/b1/download?format=xlsx',
  import_files: [{ format: 'xlsx', label: 'Excel workbook', download_url: '/api/invoice-imports/b1/download?format=xlsx' }],
  results: [],
  ...overrides,
});

describe('the confirm-invoices body', () => {
  it('sends only the header fields changed, corrected descriptions, and removed lines with their read amounts', () => {
    const input = batchConfirmInput([acme, bolt], {
      'inv-1': {
        ...NO_EDIT,
        header: { invoice_number: ' 1001-A ', invoice_date: '2025-11-03', reference: 'PO-7' },
        descriptions: { 1: 'Lumber 2x4 (16 ft)', 2: 'Delivery' },
        amounts: { 2: 40 },
        removed: [2],
      },
    });
    expect(input.invoices).toEqual([{ invoice_id: 'inv-1', corrections: { invoice_number: '1001-A', reference: 'PO-7' } }, { invoice_id: 'inv-2' }]);
    expect(input.mappings.filter((mapping) => mapping.invoice_id === 'inv-1')).toEqual([
      { invoice_id: 'inv-1', line_number: 1, invoice_number: '1001', amount: 100, chosen_vendor: 'Acme Supply', description: 'Lumber 2x4 (16 ft)' },
      { invoice_id: 'inv-1', line_number: 2, invoice_number: '1001', amount: 50, chosen_vendor: 'Acme Supply', removed: true },
    ]);
  });

  it('clears a field the clerk emptied', () => {
    const input = batchConfirmInput([acme], { 'inv-1': { ...NO_EDIT, header: { job_number: '' } } });
    expect(input.invoices).toEqual([{ invoice_id: 'inv-1', corrections: { job_number: null } }]);
  });
});

describe('batch results', () => {
  it('keeps the skipped invoices to retry, and adds what a retry writes to what was written before', () => {
    const first = recordOutcome(
      null,
      answer({
        results: [
          { invoice_id: 'inv-1', invoice_number: '1001', confirmed: true, code: null, message: null },
          { invoice_id: 'inv-2', invoice_number: null, confirmed: false, code: 'lines_do_not_tie_out', message: 'Lines come to $10.00.' },
        ],
      }),
    );
    expect(pendingInvoices([acme, bolt], first)).toEqual([bolt]);
    expect(first.skipped.map((result) => resultName(result, [acme, bolt]))).toEqual(['bolt.pdf']);

    const retry = recordOutcome(
      first,
      answer({ filename: 'second.xlsx', results: [{ invoice_id: 'inv-2', invoice_number: 'B-7', confirmed: true, code: null, message: null }] }),
    );
    expect(retry.skipped).toEqual([]);
    expect(retry.confirmed.map((result) => resultName(result, [acme, bolt]))).toEqual(['Invoice 1001', 'Invoice B-7']);
    expect(retry.imports.map((batchImport) => batchImport.filename)).toEqual([
      'AP-Import-Daily-Detail-2026-11-22-1530-1-invoice.xlsx',
      'second.xlsx',
    ]);
    expect(pendingInvoices([acme, bolt], retry)).toEqual([]);
  });
});
