import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { generateCorpus } from '../bench/invoices/synthetic/generate';
import { BATCH_USER, PLAIN_URL } from './fixtures';
import { signIn } from './helpers';

/**
 * Issue 12: the full-page flow with a mixed batch (a good invoice, meeting notes, a truncated PDF
 * and the good invoice again under another name). Each file gets its own answer; the invoice's
 * lines are made to differ from its total, and the missing charge is added where the user confirms.
 * Screenshots of each state go to /tmp/kai-shots (outside the repository).
 */

interface Truth {
  invoice_number: string;
  total_amount: number;
  line_items: Array<{ amount: number }>;
}

const SHOTS = '/tmp/kai-shots';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-e2e-invoice-batch-'));
const file = (name: string) => path.join(dir, name);
/** syn-008 of this seed: seven lines that add up to the printed total (no tax or freight apart). */
const GOOD = 'syn-008';

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await generateCorpus(dir, 8, 5519);
  const good = fs.readFileSync(file(`${GOOD}.pdf`));
  fs.writeFileSync(file('truncated.pdf'), good.subarray(0, Math.floor(good.length / 2)));
  fs.copyFileSync(file(`${GOOD}.pdf`), file(`${GOOD} copy.pdf`));
  fs.writeFileSync(file('meeting-notes.pdf'), await meetingNotesPdf());
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function meetingNotesPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  ['Weekly site coordination meeting', 'Attendees: site lead, framing crew, electrical sub', 'Next meeting Thursday at the trailer.'].forEach(
    (text, index) => page.drawText(text, { x: 72, y: 720 - index * 20, size: 12, font }),
  );
  return doc.save();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `invoice-batch-${name}.png`), fullPage: true, animations: 'disabled' });
const money = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a mixed batch on the full page: each file answered, the totals check, a missing charge added, confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  const truth = JSON.parse(fs.readFileSync(file(`${GOOD}.json`), 'utf8')) as Truth;
  const number = truth.invoice_number;
  await page.goto(`${PLAIN_URL}/invoice-processing`);
  await signIn(page, BATCH_USER);
  await expect(page.getByRole('heading', { name: 'Invoice Upload' })).toBeVisible();
  await page.getByLabel(/Select invoice PDFs/).setInputFiles([`${GOOD}.pdf`, 'meeting-notes.pdf', 'truncated.pdf', `${GOOD} copy.pdf`].map(file));
  await page.getByRole('button', { name: 'Process 4 Invoice(s)' }).click();
  await expect(page.getByText('2 invoice(s) processed successfully, 2 failed', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The reasons stay on the page after the toast, one per failed file.
  const errors = page.getByRole('list', { name: 'Processing errors' }).getByRole('listitem');
  await expect(errors).toHaveText([
    /^meeting-notes\.pdf: this PDF does not look like an invoice/,
    'truncated.pdf: The PDF could not be read: it looks damaged or incomplete.',
  ]);
  await expect(page.getByRole('tablist', { name: 'Processed files' }).getByRole('tab')).toHaveText([`${GOOD}.pdf`, `${GOOD} copy.pdf`]);
  await shot(page, '1-preview');

  await page.getByRole('button', { name: 'Continue to Confirmation' }).click();
  await expect(page.getByText('Invoice Confirmation Grid')).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText(['2', '2', money(truth.total_amount)]);
  await expect(errors).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Repeated files' })).toHaveText(
    `${GOOD} copy.pdf is the same file as ${GOOD}.pdf: its invoice is listed once.`,
  );
  const grid = page.getByRole('table');
  const tieOut = grid.getByRole('status');
  await expect(tieOut).toHaveText(`Lines add up to the invoice total of ${money(truth.total_amount)}.`);
  await shot(page, '2-grid');

  // A line read for less than printed: the difference shows where the user confirms.
  const first = truth.line_items[0].amount;
  await grid.getByLabel(`Amount for invoice ${number} line 1`).fill((first - 100).toFixed(2));
  await expect(tieOut).toHaveText(
    `Lines come to ${money(truth.total_amount - 100)}; the invoice total is ${money(truth.total_amount)} (difference $100.00). ` +
      'Edit or remove a line, add the missing charge, choose Invoice Total Only, or confirm with a difference and say why.',
  );
  await shot(page, '3-difference');

  await grid.getByRole('button', { name: `Add the missing charge to invoice ${number}` }).click();
  const description = grid.getByRole('textbox', { name: `Description for invoice ${number} line ${truth.line_items.length + 1}` });
  await expect(description).toBeFocused();
  await description.fill('Pump truck fee');
  await expect(grid.getByLabel(`Amount for invoice ${number} line ${truth.line_items.length + 1}`)).toHaveValue('100.00');
  await expect(tieOut).toHaveText(`Lines add up to the invoice total of ${money(truth.total_amount)}.`);
  await shot(page, '4-charge-added');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Confirm & Process (1 invoice(s))' }).click();
  await expect(page.getByText('Successfully processed 1 invoice(s)', { exact: true })).toBeVisible();
  await shot(page, '5-confirmed');

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await download).path());
  const sheet = workbook.getWorksheet('Daily-Detail')!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2));
  const cell = (row: ExcelJS.Row, header: string) => row.getCell(headers.indexOf(header)).value;
  expect(rows.filter((row) => cell(row, 'Invoice Number') === number)).toHaveLength(truth.line_items.length + 1);
  const added = rows.at(-1)!;
  expect([cell(added, 'Description'), cell(added, 'Amount'), cell(added, 'Source File')]).toEqual(['Pump truck fee', 100, `${GOOD} copy.pdf`]);
  const summary = workbook.getWorksheet('Summary')!;
  expect(summary.getRow(5).getCell(11).value).toBe('Ties out (1 charge added at review)');
});
