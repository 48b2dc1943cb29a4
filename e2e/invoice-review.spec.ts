import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { makeTextPdf } from '../server/adapters/extractors/test-fixtures';
import { PLAIN_URL, REVIEW_USER } from './fixtures';
import { accessTokenOf, signIn } from './helpers';

/**
 * Issue 26: an invoice review a controller would sign off. Header corrections that reach the
 * workbook and the audit record, the tie-out gate and its fixes, a batch that skips an invoice
 * already confirmed, a discard, and the Vista CSVs. Every invoice is made up here; screenshots of
 * each state go to KAI_SHOTS_DIR (else a folder in the system's temporary directory), to be looked at.
 */

const SHOTS = process.env.KAI_SHOTS_DIR ?? path.join(os.tmpdir(), 'kai-e2e-shots');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-e2e-invoice-review-'));
const file = (name: string) => path.join(dir, `${name}.pdf`);

type Row = [number, number, string];
/** Two items (80 + 20), tax 19 printed apart, total 119: the lines alone do not tie out. */
function taxedInvoice(vendor: string, numberLine: string, dateLine: string): Row[] {
  return [
    [72, 780, vendor],
    [72, 760, numberLine],
    [72, 740, dateLine],
    [72, 680, 'Description'],
    [300, 680, 'Qty'],
    [360, 680, 'Unit Price'],
    [460, 680, 'Amount'],
    [72, 660, 'Skid steer day rate'],
    [300, 660, '1'],
    [360, 660, '80.00'],
    [460, 660, '80.00'],
    [72, 640, 'Delivery and pickup'],
    [300, 640, '1'],
    [360, 640, '20.00'],
    [460, 640, '20.00'],
    [360, 600, 'Subtotal'],
    [460, 600, '100.00'],
    [360, 580, 'Sales Tax'],
    [460, 580, '19.00'],
    [360, 560, 'Total Due'],
    [460, 560, '119.00'],
  ];
}
const taxed = (vendor: string, number: string) => taxedInvoice(vendor, `Invoice No: ${number}`, 'Invoice Date: 2026-11-05');

/** Lines 80 + 20 and a 'Loaded by' footer printed with the total's amount, which the reader takes for a third line. */
const footerInvoice: Row[] = [
  [72, 780, 'Quarry Ridge Aggregates'],
  [72, 760, 'Invoice No: QRA-5512'],
  [72, 740, 'Invoice Date: 2026-10-14'],
  [72, 680, 'Description'],
  [300, 680, 'Qty'],
  [360, 680, 'Unit Price'],
  [460, 680, 'Amount'],
  [72, 660, 'Crushed stone 3/4 in'],
  [300, 660, '1'],
  [360, 660, '80.00'],
  [460, 660, '80.00'],
  [72, 640, 'Delivery'],
  [300, 640, '1'],
  [360, 640, '20.00'],
  [460, 640, '20.00'],
  [72, 620, 'Loaded by: J. Ortiz'],
  [460, 620, '100.00'],
  [360, 580, 'Total Due'],
  [460, 580, '100.00'],
];

/** The Vista AP import's header rows (server/import-files/vista-csv.ts). */
const APHB_HEADER = 'Co,Mth,UISeq,VendorGroup,Vendor,APRef,Description,InvDate,DueDate,InvTotal,HoldCode,PayMethod,Notes';
const APLB_HEADER = 'Co,Mth,UISeq,Line,LineType,Job,Phase,JCCType,Description,Units,Amount,PO';

test.beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const pdfs: Record<string, Row[]> = {
    // As a poor scan reads: the number's zeros and ones taken for letters, the date not read at all.
    scanned: taxedInvoice('Larkspur Rental Yard', 'lnvoice No: LRY-2O4l8', 'lnvoice Date: 11/O2/2O26'),
    footer: footerInvoice,
    tax: taxed('Cedar Flats Equipment', 'CFE-3301'),
    reason: taxed('Granite Bay Fencing', 'GBF-7710'),
    done: taxed('Ironwood Scaffold Co.', 'ISC-4400'),
    fresh: taxed('Juniper Street Electric', 'JSE-1208'),
    discard: taxed('Kestrel Portable Toilets', 'KPT-0093'),
    vista: taxed('Mill Creek Hauling', 'MCH-6621'),
  };
  for (const [name, rows] of Object.entries(pdfs)) fs.writeFileSync(file(name), makeTextPdf([rows], name));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The chat page's panels and dialogs scroll inside the window: only the full page is taken whole. */
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(SHOTS, `invoice-review-${name}.png`), fullPage, animations: 'disabled' });

async function readWorkbook(download: Download | Promise<Download>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await download).path());
  return workbook;
}
/** A sheet's rows as objects keyed by its header row (row 1 of Daily-Detail, row 4 of Summary). */
function sheetRows(workbook: ExcelJS.Workbook, name: string, headerRow: number): Array<Record<string, unknown>> {
  const sheet = workbook.getWorksheet(name)!;
  const headers = (sheet.getRow(headerRow).values as unknown[]).map((value) => (value == null ? '' : String(value)));
  const rows = [];
  for (let index = headerRow + 1; index <= sheet.rowCount; index++) {
    const row = sheet.getRow(index);
    rows.push(Object.fromEntries(headers.map((header, column) => [header, row.getCell(column).value] as const).filter(([header]) => header)));
  }
  return rows;
}

async function openInvoiceDialog(page: Page, names: string[]): Promise<Locator> {
  await page.getByRole('button', { name: 'Invoice processing', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice Processing' });
  await dialog.getByLabel('Choose invoice PDFs').setInputFiles(names.map(file));
  await expect(page.getByText(`Processed ${names.length} invoice(s)`, { exact: true })).toBeVisible({ timeout: 30_000 });
  return dialog;
}

async function openInvoicesTab(page: Page): Promise<Locator> {
  const tab = page.getByRole('tab', { name: 'Invoices' });
  if (!(await tab.isVisible())) await page.getByRole('button', { name: 'Toggle context panel' }).click();
  await tab.click();
  return page.getByRole('list', { name: 'Invoices' });
}

/** Uploads a made-up invoice and confirms it with its tax added as a charge, the way a clerk did earlier. */
async function confirmThroughApi(page: Page, name: string): Promise<string> {
  const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const uploaded = await page.request.post(`${PLAIN_URL}/api/upload-invoice`, {
    headers,
    multipart: { file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: fs.readFileSync(file(name)) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const [invoice] = (await uploaded.json()).parsed_invoice as Array<{ invoice_id: string; invoice_number: string; vendor_name: string | null }>;
  const vendor = invoice.vendor_name ?? 'Made-up vendor';
  const confirmed = await page.request.post(`${PLAIN_URL}/api/confirm-invoice`, {
    headers,
    data: {
      parsed_invoice: { invoice_id: invoice.invoice_id },
      mappings: [
        { line_number: 1, amount: 80, chosen_vendor: vendor },
        { line_number: 2, amount: 20, chosen_vendor: vendor },
        { line_number: 3, amount: 19, chosen_vendor: vendor, added: true, description: 'Sales tax' },
      ],
      is_last_invoice: true,
      session_id: `e2e-${name}`,
      invoice_total_only: false,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return invoice.invoice_number;
}

test('correct a misread invoice number and date in the dialog: the workbook and the review record carry them', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, REVIEW_USER);
  const dialog = await openInvoiceDialog(page, ['scanned']);
  const details = dialog.getByRole('group', { name: 'Invoice details' });
  await expect(details.getByLabel('Invoice number', { exact: true })).toHaveValue('LRY-2O4l8');
  await expect(details.getByLabel('Invoice date', { exact: true })).toHaveValue('');

  await details.getByLabel('Invoice number', { exact: true }).fill('LRY-20418');
  await details.getByLabel('Invoice date', { exact: true }).fill('2026-11-31');
  await expect(details.getByText('Write a real date as yyyy-mm-dd.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm Invoice' })).toBeDisabled();
  await details.getByLabel('Invoice date', { exact: true }).fill('2026-11-02');
  await expect(details.getByText('Read: LRY-2O4l8')).toBeVisible();
  await expect(details.getByText('Read: N/A')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add the tax as a charge' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Lines add up' })).toHaveText('Lines add up to the invoice total of $119.00.');
  await shot(page, '1-corrected');

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Confirm Invoice' }).click();
  const written = page.getByRole('dialog', { name: 'Invoices confirmed' });
  await expect(written.getByRole('list', { name: 'Import files' }).getByRole('button')).toHaveText([
    'Import workbook (Excel)',
    'Vista AP headers (APHB CSV)',
    'Vista AP lines (APLB CSV)',
  ]);
  await shot(page, '2-invoices-confirmed');
  const detail = sheetRows(await readWorkbook(download), 'Daily-Detail', 1);
  expect(detail).toHaveLength(3);
  expect(detail.every((row) => row['Invoice Number'] === 'LRY-20418')).toBe(true);
  expect(new Date(detail[0]['Invoice Date'] as Date).toISOString().slice(0, 10)).toBe('2026-11-02');
  await written.getByRole('button', { name: 'Done' }).click();
  await expect(written).toBeHidden();

  const list = await openInvoicesTab(page);
  await list.getByRole('button', { name: 'Preview invoice LRY-20418' }).click();
  const preview = page.getByRole('dialog', { name: 'Invoice LRY-20418' });
  const record = preview.getByRole('region', { name: 'Review record' });
  await expect(record).toContainText(`Confirmed by ${REVIEW_USER.name} on`);
  const corrections = record.getByRole('table', { name: 'Corrections' });
  await expect(corrections.getByRole('row', { name: /^Invoice number/ })).toHaveText(/Invoice number\s*LRY-2O4l8\s*LRY-20418/);
  await expect(corrections.getByRole('row', { name: /^Invoice date/ })).toHaveText(/Invoice date\s*not read\s*2026-11-02/);
  await shot(page, '3-review-record');
});

test('lines that do not tie out hold Confirm back until fixed: a footer read as a line, the tax, a reason', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, REVIEW_USER);
  const dialog = await openInvoiceDialog(page, ['footer', 'tax', 'reason']);
  const confirm = dialog.getByRole('button', { name: 'Confirm Invoice' });
  const tieOut = dialog.getByRole('status').filter({ hasText: /^Lines / });
  const blocker = 'The lines do not add up to the invoice total: fix them, or confirm with a difference and say why.';

  // (a) The 'Loaded by' footer was read as a third line for the total's amount.
  await expect(dialog.getByText('Invoice 1 of 3')).toBeVisible();
  await expect(dialog.getByLabel('Description for line 3')).toHaveValue('Loaded by: J. Ortiz');
  await expect(dialog.getByLabel('Amount for line 3')).toHaveValue('100.00');
  await expect(tieOut).toHaveText(
    'Lines come to $200.00; the invoice total is $100.00 (difference $100.00). Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why.',
  );
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByRole('note')).toHaveText(blocker);
  await expect(confirm).toHaveAccessibleDescription(blocker);
  await dialog.getByRole('button', { name: 'Remove line 3 ($100.00)' }).scrollIntoViewIfNeeded();
  await shot(page, '4-footer-gated');
  await dialog.getByRole('button', { name: 'Remove line 3 ($100.00)' }).click();
  await expect(dialog.getByRole('button', { name: 'Restore line 3', exact: true })).toBeFocused();
  await expect(tieOut).toHaveText('Lines add up to the invoice total of $100.00.');
  await expect(dialog.getByRole('note')).toBeHidden();
  await shot(page, '5-footer-removed');
  await confirm.click();

  // (b) The tax printed apart, added as a charge.
  await expect(dialog.getByText('Invoice 2 of 3')).toBeVisible();
  await expect(tieOut).toContainText("(difference $19.00). The difference is the invoice's tax");
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('button', { name: 'Add the tax as a charge' }).click();
  await expect(dialog.getByLabel('Amount for line 3')).toHaveValue('19.00');
  await expect(tieOut).toHaveText('Lines add up to the invoice total of $119.00.');
  await shot(page, '6-tax-added');
  await confirm.click();

  // (c) Confirmed with the difference, and the reason why.
  await expect(dialog.getByText('Invoice 3 of 3')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('button', { name: 'Confirm with a difference…' }).click();
  const reason = dialog.getByRole('textbox', { name: 'Reason for the difference' });
  await expect(reason).toBeFocused();
  await expect(dialog.getByRole('note')).toHaveText('Say why the lines may differ from the total.');
  await expect(confirm).toBeDisabled();
  await reason.fill('Tax exempt job; vendor to issue a credit');
  await expect(confirm).toBeEnabled();
  await shot(page, '7-reason');
  const download = page.waitForEvent('download');
  await confirm.click();
  await expect(page.getByRole('dialog', { name: 'Invoices confirmed' })).toBeVisible();

  const workbook = await readWorkbook(download);
  const detail = sheetRows(workbook, 'Daily-Detail', 1);
  const amountsOf = (number: string) => detail.filter((row) => row['Invoice Number'] === number).map((row) => row.Amount);
  expect(amountsOf('QRA-5512')).toEqual([80, 20]);
  expect(amountsOf('CFE-3301')).toEqual([80, 20, 19]);
  expect(amountsOf('GBF-7710')).toEqual([80, 20]);
  const summary = sheetRows(workbook, 'Summary', 4);
  const checkOf = (number: string) => summary.find((row) => row['Invoice Number'] === number)?.Check;
  expect(checkOf('GBF-7710')).toBe('Lines differ from total, accepted: Tax exempt job; vendor to issue a credit');
  expect(checkOf('CFE-3301')).toMatch(/^Ties out/);
  expect(checkOf('QRA-5512')).toMatch(/^Ties out/);
});

test('a batch on the full page with an invoice already confirmed: the page says which was skipped and why', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${PLAIN_URL}/invoice-processing`);
  await signIn(page, REVIEW_USER);
  await expect(page.getByRole('heading', { name: 'Invoice Upload' })).toBeVisible();
  const done = await confirmThroughApi(page, 'done');

  await page.getByLabel(/Select invoice PDFs/).setInputFiles([file('done'), file('fresh')]);
  await page.getByRole('button', { name: 'Process 2 Invoice(s)' }).click();
  await expect(page.getByText('Upload Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click();
  const grid = page.getByRole('table');
  for (const number of [done, 'JSE-1208']) await grid.getByRole('button', { name: `Add the tax as a charge to invoice ${number}` }).click();
  await expect(grid.getByRole('status').filter({ hasText: /^Lines add up/ })).toHaveCount(2);
  // Said before confirming: the grid names the invoice confirmed earlier.
  await expect(grid.getByText(/was already confirmed on .* It will not be added twice\./)).toBeVisible();
  await shot(page, '8-batch-grid', true);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Confirm & Process (2 invoice(s))' }).click();
  await expect(page.getByText('Some invoices were not confirmed', { exact: true })).toBeVisible();
  await expect(page.getByText('Success', { exact: true })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Confirmation Result: some invoices were not confirmed' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invoices not confirmed' })).toHaveText(`Invoice ${done} was already confirmed.`);
  await expect(page.getByRole('list', { name: 'Confirmed invoices' })).toHaveText('Invoice JSE-1208');
  // Confirmed before: no retry can change it, so it leaves the grid and nobody is asked to fix it.
  await expect(page.getByText('Invoice Confirmation Grid')).toBeHidden();
  await shot(page, '9-batch-result', true);

  const numbers = sheetRows(await readWorkbook(download), 'Daily-Detail', 1).map((row) => row['Invoice Number']);
  expect(numbers).toEqual(['JSE-1208', 'JSE-1208', 'JSE-1208']);
  // The result offers the same import as Vista CSVs: only the invoice written is in them.
  const csv = page.waitForEvent('download');
  await page.getByRole('list', { name: 'Import files' }).getByRole('button', { name: 'Vista AP headers (APHB CSV)' }).click();
  const aphb = fs
    .readFileSync(await (await csv).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(aphb[0]).toBe(APHB_HEADER);
  expect(aphb).toHaveLength(2);
  expect(aphb[1]).toContain('JSE-1208');
});

test('discard a pending invoice from the Invoices tab, after saying yes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, REVIEW_USER);
  const dialog = await openInvoiceDialog(page, ['discard']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const list = await openInvoicesTab(page);
  await expect(list.getByRole('link', { name: 'Review invoice KPT-0093' })).toBeVisible();
  await list.getByRole('button', { name: 'Discard invoice KPT-0093' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard invoice' });
  await expect(ask).toContainText('Invoice KPT-0093 from');
  await expect(ask).toContainText('the PDF stays in your documents.');
  await shot(page, '10-discard-asked');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByText('KPT-0093')).toBeVisible();

  await list.getByRole('button', { name: 'Discard invoice KPT-0093' }).click();
  await ask.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page.getByText('Invoice discarded', { exact: true })).toBeVisible();
  await expect(list.getByText('KPT-0093')).toHaveCount(0);
  await shot(page, '11-discarded');
});

test('download the Vista AP CSVs of a confirmed invoice from the Invoices tab', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, REVIEW_USER);
  await expect(page.getByRole('button', { name: 'Invoice processing', exact: true })).toBeVisible();
  const number = await confirmThroughApi(page, 'vista');
  const list = await openInvoicesTab(page);
  const files = list.getByRole('list', { name: `Import files of invoice ${number}` });
  await expect(files.getByRole('button')).toHaveCount(3);
  await shot(page, '12-import-files');

  const csv = async (label: string) => {
    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: label }).click();
    const saved = await download;
    return {
      name: saved.suggestedFilename(),
      lines: fs
        .readFileSync(await saved.path(), 'utf8')
        .trim()
        .split(/\r?\n/),
    };
  };
  const headers = await csv('Vista AP headers (APHB CSV)');
  expect(headers.name).toMatch(/\.csv$/);
  expect(headers.lines[0]).toBe(APHB_HEADER);
  expect(headers.lines).toHaveLength(2);
  expect(headers.lines[1]).toContain(number);
  const lines = await csv('Vista AP lines (APLB CSV)');
  expect(lines.name).toMatch(/\.csv$/);
  expect(lines.lines[0]).toBe(APLB_HEADER);
  expect(lines.lines).toHaveLength(4);
});
