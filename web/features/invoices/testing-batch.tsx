import type { ConfirmInvoicesInput, ConfirmInvoicesResponse, ParsedInvoice, UploadInvoicesResult } from '@contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { lastXhr } from '@/test/fake-xhr';
import { renderWithProviders } from '@/test/render';
import { parsedInvoiceFixture } from './testing-fixtures';
import { InvoiceBatchFlow } from './components/invoice-batch-flow';

/** Shared by the full page's component tests: files, answers and a fake server for the calls besides the upload. */
export const pdf = (name: string, bytes = 1024 * 1024 * 1.5) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

export const acme = parsedInvoiceFixture({
  image_path: '/api/invoices/inv-1/preview',
  sections: { header: { page: 1, x: 0.1, y: 0.05, width: 0.8, height: 0.1 }, total: { page: 1, x: 0.6, y: 0.8, width: 0.3, height: 0.05 } },
});
export const ok: UploadInvoicesResult = { success: true, filename: 'acme-1001.pdf', error: null, parsed_invoices: [acme] };
export const bad: UploadInvoicesResult = { success: false, filename: 'scan.pdf', error: 'No text could be read from this PDF.', parsed_invoices: [] };

const uploaded = (...invoices: ParsedInvoice[]): UploadInvoicesResult[] =>
  invoices.map((invoice) => ({ success: true, filename: invoice.source_filename, error: null, parsed_invoices: [invoice] }));

const IMPORT = '/api/invoice-imports/b1/download';
const IMPORT_FILES: ConfirmInvoicesResponse['import_files'] = [
  { format: 'xlsx', label: 'Excel workbook (Daily-Detail)', download_url: `${IMPORT}?format=xlsx` },
  { format: 'aphb', label: 'Vista AP header CSV (APHB)', download_url: `${IMPORT}?format=aphb` },
  { format: 'aplb', label: 'Vista AP lines CSV (APLB)', download_url: `${IMPORT}?format=aplb` },
];

/** What the server answers when every invoice sent is written. */
export function allConfirmed(body: ConfirmInvoicesInput): ConfirmInvoicesResponse {
  return {
    success: true,
    processed_count: body.invoices.length,
    error: null,
    filename: 'AP-Import-Daily-Detail.xlsx',
    download_url: `${IMPORT}?format=xlsx`,
    import_files: IMPORT_FILES,
    results: body.invoices.map(({ invoice_id }) => ({ invoice_id, invoice_number: null, confirmed: true, code: null, message: null })),
  };
}

/** A fake API: confirm answers in turn (all confirmed once the queue is empty), stored invoices by id for ?review. */
export function installBatchApi({ parsed = {} as Record<string, ParsedInvoice> } = {}) {
  const confirmBodies: ConfirmInvoicesInput[] = [];
  const answers: Array<(body: ConfirmInvoicesInput) => ConfirmInvoicesResponse> = [];
  const downloads: string[] = [];
  /** The names files were saved under (jsdom cannot follow a download link). */
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/invoices/inv-1/preview') return new Response(new Blob(['png'], { type: 'image/png' }));
      if (url === '/api/confirm-invoices') {
        const body = JSON.parse(String(init.body)) as ConfirmInvoicesInput;
        confirmBodies.push(body);
        return Response.json((answers.shift() ?? allConfirmed)(body));
      }
      if (url.startsWith(IMPORT)) {
        downloads.push(url);
        return new Response(new Blob(['file']));
      }
      const reopened = /^\/api\/invoices\/([^/]+)\/parsed$/.exec(url);
      if (reopened && parsed[decodeURIComponent(reopened[1])]) return Response.json(parsed[decodeURIComponent(reopened[1])]);
      return Response.json({ error: { code: 'not_found', message: 'Invoice not found.' } }, { status: 404 });
    }),
  );
  return { confirmBodies, answers, downloads, saved };
}

export function renderFlow(path = '/invoice-processing') {
  const user = userEvent.setup();
  return { user, ...renderWithProviders(<InvoiceBatchFlow />, { path }) };
}

/** Chooses the files, sends them, and answers the upload with `answer`. */
export async function processFiles(files: File[], answer: string, status = 200) {
  const { user } = renderFlow();
  await user.upload(screen.getByLabelText(/Select invoice PDFs/), files);
  await user.click(screen.getByRole('button', { name: `Process ${files.length} Invoice(s)` }));
  await waitFor(() => lastXhr());
  lastXhr().respond(status, answer);
  return user;
}

/** Uploads the invoices and goes on to the grid. */
export async function openGrid(...invoices: ParsedInvoice[]) {
  const files = invoices.map((invoice) => pdf(invoice.source_filename));
  const user = await processFiles(files, JSON.stringify({ results: uploaded(...invoices) }));
  await user.click(await screen.findByRole('button', { name: 'Continue to Confirmation' }));
  return user;
}

/** One invoice's rows of the grid (its tbody, named after it). */
export function invoiceRows(name: string) {
  return within(screen.getByRole('rowgroup', { name }));
}

/** The grid's line rows as their cells read: an input's value, else the text. */
export function lineCells(): string[][] {
  return screen
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell'))
    .filter((cells) => cells.length === 5)
    .map((cells) => cells.map((cell) => cell.querySelector('input')?.value ?? cell.textContent ?? ''));
}
