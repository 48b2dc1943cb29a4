import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTextPdf, renderTextImage } from '../server/adapters/extractors/test-fixtures';
import { PLAIN_URL, SECOND_USER } from './fixtures';
import { ask, signIn } from './helpers';

test('upload a scan and a PDF, watch them become ready, preview, download, cite and delete', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-e2e-files-'));
  const scan = path.join(dir, 'lien-waiver-scan.png');
  fs.writeFileSync(scan, await renderTextImage(['CONDITIONAL WAIVER AND RELEASE', 'Claimant: Apex Drywall', 'Amount: $42,675.00'], 'png'));
  const pdf = path.join(dir, 'subcontract-terms.pdf');
  fs.writeFileSync(
    pdf,
    makeTextPdf(
      [
        [[72, 760, 'Subcontract 2417-SC-07 between Summit Builders and Apex Drywall']],
        [[72, 760, 'Retainage of ten percent is withheld until final completion of Harbor View Tower.']],
      ],
      'Subcontract terms',
    ),
  );

  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, SECOND_USER);
  await expect(page.getByText(SECOND_USER.name).first()).toBeVisible();

  await page.getByLabel('Choose files to upload').setInputFiles([scan, pdf]);
  await expect(page.getByRole('list', { name: 'Selected files' })).toContainText('KB');
  await page.getByRole('button', { name: 'Upload 2 file(s)' }).click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Toggle context panel' }).click();
  const list = page.getByRole('list', { name: 'Documents' });
  await expect(list.getByText('Ready')).toHaveCount(2, { timeout: 90_000 });

  await page.getByRole('button', { name: 'Preview subcontract-terms.pdf' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('subcontract-terms.pdf').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('subcontract-terms.pdf');
  await page.keyboard.press('Escape');

  await page.getByRole('radio', { name: 'Uploaded Files' }).click();
  await ask(page, 'Which project keeps retainage until final completion?');
  const log = page.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByText('subcontract-terms.pdf (page 2)')).toBeVisible();
  await expect(log.getByText('Harbor View Tower').first()).toBeVisible();

  await page.getByRole('button', { name: 'Delete lien-waiver-scan.png' }).click();
  await expect(page.getByText('Are you sure you want to delete lien-waiver-scan.png? This action cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Document deleted', { exact: true })).toBeVisible();
  await expect(list.getByText('lien-waiver-scan.png')).toHaveCount(0);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a file KAI cannot read fails alone: the others are stored and the toast says which failed and why', async ({ page }) => {
  const pdf = makeTextPdf([[[72, 760, 'Punch list for level 3 of Harbor View Tower: patch drywall at unit 304.']]], 'Punch list');
  const csv = 'Cost code,Description,Amount\n03-300,Concrete footings,1200\n05-120,Rebar,800\n';
  // One line of prose with no delimiter: not a CSV, so the server refuses it as plain text.
  const notes = 'Call the framing crew about the Tuesday pour.\n';

  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, SECOND_USER);
  await expect(page.getByText(SECOND_USER.name).first()).toBeVisible();

  // Buffers skip the picker's accept list, as a drop would.
  await page.getByLabel('Choose files to upload').setInputFiles([
    { name: 'punch-list.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'cost-codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(notes) },
  ]);
  await page.getByRole('button', { name: 'Upload 3 file(s)' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Upload partly successful', { exact: true })).toBeVisible();
  await expect(toasts).toContainText('2 file(s) processed successfully. 1 failed: notes.txt: Plain text files are not supported');

  await page.getByRole('button', { name: 'Toggle context panel' }).click();
  const list = page.getByRole('list', { name: 'Documents' });
  await expect(list.getByText('punch-list.pdf')).toBeVisible();
  await expect(list.getByText('cost-codes.csv')).toBeVisible();
  await expect(list.getByText('notes.txt')).toHaveCount(0);
});
