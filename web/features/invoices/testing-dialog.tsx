import type { ParsedInvoice } from '@contract/invoices';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { renderWithProviders } from '@/test/render';
import { InvoiceProcessingDialog } from './components/invoice-processing-dialog';

/** The dialog's tests: upload invoices through a fake XHR, answer confirms through a fake fetch. */

export const pdf = (name: string) => new File(['%PDF-1.7 '.repeat(100)], name, { type: 'application/pdf' });

type ConfirmAnswer = { status?: number; body: unknown };

/** A confirm-invoice answer; the last invoice of a session names its workbook. */
const IMPORT_LABELS = { xlsx: 'Import workbook (Excel)', aphb: 'Vista AP headers (APHB CSV)', aplb: 'Vista AP lines (APLB CSV)' };

export function confirmedBody(invoiceId: string, count: number, workbook?: { filename: string; download_url: string }) {
  return {
    filename: workbook?.filename ?? null,
    download_url: workbook?.download_url ?? null,
    import_files: workbook
      ? (['xlsx', 'aphb', 'aplb'] as const).map((format) => ({
          format,
          label: IMPORT_LABELS[format],
          download_url: `${workbook.download_url}?format=${format}`,
        }))
      : [],
    invoice_id: invoiceId,
    confirmed_count: count,
  };
}

/** Records confirm bodies; answers them in order; serves the workbook at its download_url. */
export function fakeConfirmApi(answers: ConfirmAnswer[]) {
  const bodies: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/confirm-invoice' && init.method === 'POST') {
      bodies.push(JSON.parse(String(init.body)));
      const answer = answers[bodies.length - 1];
      return Response.json(answer.body, { status: answer.status ?? 200 });
    }
    if (url === '/api/imports/session-1.xlsx') return new Response(new Blob(['xlsx']));
    return new Response('Not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { bodies, fetchMock };
}

export function DialogHarness() {
  const [open, setOpen] = useState(true);
  return <InvoiceProcessingDialog open={open} onOpenChange={setOpen} vendors={[{ name: 'Zenith Concrete', detail: 'Zenith Concrete LLC' }]} />;
}

export async function answerUpload(index: number, invoices: ParsedInvoice[]) {
  await waitFor(() => expect(FakeXhr.instances.length).toBe(index + 1));
  FakeXhr.instances[index].respond(200, JSON.stringify({ parsed_invoice: invoices }));
}

/** Opens the dialog, uploads one PDF per invoice and waits for the review of the first. */
export async function reviewInvoices(invoices: ParsedInvoice[]) {
  const user = userEvent.setup();
  renderWithProviders(<DialogHarness />);
  await user.upload(
    screen.getByTestId('invoice-file-input'),
    invoices.map((invoice) => pdf(invoice.source_filename)),
  );
  for (const [index, invoice] of invoices.entries()) await answerUpload(index, [invoice]);
  await screen.findByText(`Invoice 1 of ${invoices.length}`);
  return user;
}
