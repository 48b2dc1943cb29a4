import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { generateCorpus } from '../bench/invoices/synthetic/generate';
import { expectNoSeriousViolations } from './accessibility';
import { E2E_USER, PLAIN_URL } from './fixtures';
import { signIn } from './helpers';

interface Truth {
  vendor: string;
  invoice_number: string;
  total_amount: number;
  line_items: Array<{ amount: number }>;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-e2e-invoices-'));
const file = (name: string) => path.join(dir, name);
const truth = (name: string) => JSON.parse(fs.readFileSync(file(`${name}.json`), 'utf8')) as Truth;

test.beforeAll(async () => {
  await generateCorpus(dir, 12, 7301);
  const names = ['syn-002', 'syn-003', 'syn-004', 'syn-008', 'syn-009'];
  const rows = names.map((name, index) => `V${200 + index},"${truth(name).vendor}",Active`);
  fs.writeFileSync(
    file('vendors.csv'),
    ['Vendor List export', '', 'Vendor ID,Vendor Name,Status', ...rows, 'V299,Unrelated Paving Partners,Active'].join('\n'),
  );
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function uploadVendorList(page: Page) {
  await page.getByRole('button', { name: 'Toggle context panel' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog');
  await settings.getByLabel('Choose a vendor list').setInputFiles(file('vendors.csv'));
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(settings.getByText('vendors.csv')).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByText('Vendors (6)')).toBeVisible();
}

test('process three invoices in the dialog: change a vendor, edit an amount, total only, download the workbook', async ({ page }) => {
  test.setTimeout(120_000);
  const [first, second, third] = ['syn-002', 'syn-003', 'syn-004'].map(truth);
  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, E2E_USER);
  await uploadVendorList(page);

  await page.getByRole('button', { name: 'Invoice processing', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice Processing' });
  await dialog.getByLabel('Choose invoice PDFs').setInputFiles(['syn-002.pdf', 'syn-003.pdf', 'syn-004.pdf'].map(file));
  await expect(page.getByText('Processed 3 invoice(s)', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Invoice 1 of 3')).toBeVisible();
  await expect(dialog.getByText(first.invoice_number).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the invoice dialog');

  // Invoice 1: another vendor from the master, found by searching.
  await dialog.getByRole('combobox', { name: 'Invoice Vendor' }).click();
  await page.getByRole('combobox', { name: 'Search vendors' }).fill('unrelated pav');
  await expectNoSeriousViolations(page, 'the vendor picker');
  await page.getByRole('option', { name: 'Unrelated Paving Partners' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Invoice Vendor' })).toHaveText(/Unrelated Paving Partners/);
  // Its lines come short of the total (tax and a charge printed apart): Confirm waits until they tie out.
  await expect(dialog.getByRole('button', { name: 'Confirm Invoice' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Add the missing charge' }).click();
  await dialog.getByLabel(`Description for line ${first.line_items.length + 1}`).fill('Tax and delivery');
  await expect(dialog.getByRole('status').filter({ hasText: /^Lines add up/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Invoice' }).click();
  await expect(page.getByText('Invoice confirmed', { exact: true })).toBeVisible();

  // Invoice 2: the first line's amount edited.
  await expect(dialog.getByText('Invoice 2 of 3')).toBeVisible();
  await dialog.getByLabel('Amount for line 1').fill('123.45');
  // The difference to the invoice total is spelled out, and Confirm waits for the lines to tie out or for a reason.
  await expect(dialog.getByRole('status').filter({ hasText: /^Lines come to \$/ })).toContainText(
    'Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why.',
  );
  await expect(dialog.getByRole('button', { name: 'Confirm Invoice' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Confirm with a difference…' }).click();
  await dialog.getByRole('textbox', { name: 'Reason for the difference' }).fill('Loader billed at the agreed rate; vendor to credit the rest');
  await dialog.getByRole('button', { name: 'Confirm Invoice' }).click();

  // Invoice 3: one line with the invoice total.
  await expect(dialog.getByText('Invoice 3 of 3')).toBeVisible();
  await dialog.getByLabel('Invoice Total Only').check();
  await expect(dialog.getByText('Single line with invoice total will be added to Daily-Detail sheet')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Confirm Invoice' }).click();
  const workbookFile = await download;
  expect(workbookFile.suggestedFilename()).toMatch(/^AP-Import-Daily-Detail-.*-3-invoices\.xlsx$/);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText(/VVE import file generated: AP-Import-Daily-Detail/)).toBeVisible();
  // After the last invoice the dialog offers the import in each format, then closes on Done.
  const written = page.getByRole('dialog', { name: 'Invoices confirmed' });
  await expect(written.getByRole('list', { name: 'Import files' }).getByRole('button')).toHaveCount(3);
  await written.getByRole('button', { name: 'Done' }).click();
  await expect(written).toBeHidden();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await workbookFile.path());
  const sheet = workbook.getWorksheet('Daily-Detail')!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const cell = (row: ExcelJS.Row, header: string) => row.getCell(headers.indexOf(header)).value;
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2));
  const ofInvoice = (number: string) => rows.filter((row) => String(cell(row, 'Invoice Number')) === number);
  expect(ofInvoice(first.invoice_number)).toHaveLength(first.line_items.length + 1);
  expect(cell(ofInvoice(first.invoice_number).at(-1)!, 'Description')).toBe('Tax and delivery');
  expect(ofInvoice(first.invoice_number).every((row) => cell(row, 'Vendor Name') === 'Unrelated Paving Partners')).toBe(true);
  expect(cell(ofInvoice(second.invoice_number)[0], 'Amount')).toBe(123.45);
  expect(cell(ofInvoice(second.invoice_number)[0], 'Vendor Name')).toBe(second.vendor);
  expect(ofInvoice(third.invoice_number)).toHaveLength(1);
  expect(cell(ofInvoice(third.invoice_number)[0], 'Amount')).toBeCloseTo(third.total_amount, 2);

  await page.getByRole('tab', { name: 'Invoices' }).click();
  const list = page.getByRole('list', { name: 'Invoices' });
  await expect(list.getByText('Exported')).toHaveCount(3);
});

test('process a batch on the full page: preview, confirmation grid, confirm and process', async ({ page }) => {
  test.setTimeout(120_000);
  const [a, b] = ['syn-008', 'syn-009'].map(truth);
  await page.goto(`${PLAIN_URL}/invoice-processing`);
  await signIn(page, E2E_USER);
  await expect(page.getByRole('heading', { name: 'Invoice Upload' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the invoice upload page');
  await page.getByLabel(/Select invoice PDFs/).setInputFiles([file('syn-008.pdf'), file('syn-009.pdf')]);
  await expect(page.getByRole('list', { name: 'Selected invoices' })).toContainText('MB');
  await page.getByRole('button', { name: 'Process 2 Invoice(s)' }).click();
  await expect(page.getByText('Upload Complete', { exact: true })).toBeVisible({ timeout: 30_000 });

  await expect(page.getByRole('tablist', { name: 'Processed files' })).toContainText('syn-008.pdf');
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click();
  await expect(page.getByText('Invoice Confirmation Grid')).toBeVisible();
  const grid = page.getByRole('table');
  await expect(grid).toContainText(a.invoice_number);
  await expect(grid).toContainText(b.invoice_number);
  await expect(grid.getByText('Ready').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the invoice confirmation grid');

  // Under each invoice: whether the lines to be written add up to its total, live as lines are edited.
  const tieOuts = grid.getByRole('status');
  await expect(tieOuts).toHaveCount(2);
  for (const tieOut of await tieOuts.all()) await expect(tieOut).toHaveText(/^(Lines add up to the invoice total of \$|Lines come to \$)/);
  await grid.getByLabel(`Amount for invoice ${a.invoice_number} line 1`).fill(String(a.line_items[0].amount + 10));
  await expect(tieOuts.first()).toHaveText(/^Lines come to \$[\d,.]+; the invoice total is \$[\d,.]+ \(difference \$[\d,.]+\)\./);
  await grid.getByLabel(`Invoice Total Only for invoice ${a.invoice_number}`).check();
  await expect(tieOuts.first()).toHaveText(/^Lines add up to the invoice total of \$/);
  // The other invoice's tax and a fee are printed apart from its lines: added as one charge, they tie out.
  await grid.getByRole('button', { name: `Add the missing charge to invoice ${b.invoice_number}` }).click();
  await expect(tieOuts.nth(1)).toHaveText(/^Lines add up to the invoice total of \$/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Confirm & Process (2 invoice(s))' }).click();
  await expect(page.getByText('Successfully processed 2 invoice(s)', { exact: true })).toBeVisible();
  const workbookFile = await download;
  expect(workbookFile.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await workbookFile.path());
  const sheet = workbook.getWorksheet('Daily-Detail')!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2));
  const ofA = rows.filter((row) => String(row.getCell(headers.indexOf('Invoice Number')).value) === a.invoice_number);
  expect(ofA).toHaveLength(1);
  expect(ofA[0].getCell(headers.indexOf('Amount')).value).toBeCloseTo(a.total_amount, 2);
});

test('a file that is not a PDF fails alone on the full page, with its reason', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${PLAIN_URL}/invoice-processing`);
  await signIn(page, E2E_USER);
  await expect(page.getByRole('heading', { name: 'Invoice Upload' })).toBeVisible();
  // Buffers skip the picker's accept list (Playwright takes paths or buffers, not both): the server refuses the .txt.
  await page.getByLabel(/Select invoice PDFs/).setInputFiles([
    { name: 'syn-010.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(file('syn-010.pdf')) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Ask the supplier for a credit memo.\n') },
  ]);
  await page.getByRole('button', { name: 'Process 2 Invoice(s)' }).click();
  await expect(page.getByText('Upload Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('1 invoice(s) processed successfully, 1 failed', { exact: true })).toBeVisible();

  const errors = page.getByRole('list', { name: 'Processing errors' });
  // The reason is the server's: refused as plain text, or as not a PDF.
  await expect(errors).toHaveText(/^notes\.txt: .*(not supported|must be PDF)/);
  await expect(page.getByRole('tablist', { name: 'Processed files' })).toContainText('syn-010.pdf');
  await page.getByRole('button', { name: 'Continue to Confirmation' }).click();
  await expect(errors).toContainText('notes.txt');
  await expect(page.getByRole('button', { name: 'Confirm & Process (1 invoice(s))' })).toBeVisible();
});
