import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ANSWERS_USER, PLAIN_URL } from './fixtures';
import { ask, signIn } from './helpers';

/**
 * Issue 13: with no model configured, a clerk uploads a help PDF nobody here wrote, asks in
 * other words than it uses and gets the right page cited; asks what it does not cover and is
 * told so plainly, with nothing cited. Screenshots go to /tmp/kai-shots-chat (outside the repository).
 */

const SHOTS = '/tmp/kai-shots-chat';
const FILE = 'ap-handbook.pdf';

/** Made-up accounting help, one headed section a page, each long enough to be a passage of its own. */
const SECTIONS = [
  {
    heading: 'Releasing retainage to a subcontractor',
    body: [
      'Retainage withheld from a subcontractor is released only once the final lien waiver is on file',
      'and the architect has certified substantial completion of that scope of work.',
      'Post the release in Payables; the released amount is paid on the next check run.',
      'Before posting, compare the retainage balance on the subcontract with the amount the owner',
      'has released to the general contractor, because releasing more than the owner paid leaves',
      'the company financing the job. Attach the waiver and the certificate to the release so an',
      'auditor can follow the approval. Partial releases are allowed when the contract says so:',
      'enter the percentage being released and keep the remainder held until closeout. A release',
      'posted by mistake is reversed from the same screen, never by editing the paid amount.',
      'The job cost report shows released and still-held amounts side by side for every vendor.',
    ],
  },
  {
    heading: 'Early payment discounts',
    body: [
      'When a customer pays within the discount window, the payment is smaller than the invoice.',
      'Apply the payment to the invoice and post the shortfall to the Sales Discounts account,',
      'so the receivable closes at zero and the bank deposit matches the amount received.',
      'The discount terms are printed on the invoice, for example two percent if paid within a fortnight,',
      'and they are set on the customer record under Terms. A payment that arrives after the',
      'window has closed is not entitled to the discount: apply it in full and send a statement',
      'for the balance still open. Report the discounts taken each month to the controller, who',
      'compares them with the terms offered and follows up on customers who take the discount',
      'late. Never write the difference off to bad debt; that hides the reason the receivable',
      'was short and overstates the losses from customers who did not pay at all.',
    ],
  },
  {
    heading: 'Counting petty cash',
    body: [
      'Count the petty cash box at the end of each month with a second employee present.',
      'Receipts plus the cash on hand must equal the imprest amount; record any difference as over',
      'and short. Staple the receipts to the count sheet, sign it together and file it with the',
      'month-end binder. Replenish the box by a check payable to the custodian for the total of the',
      'receipts, coded to the expense accounts they show. A box that is short by more than a small',
      'amount twice in a row goes to the controller, who may lower the imprest amount or move the',
      'box to another custodian. Never lend petty cash to staff or cash personal checks from it;',
      'the box exists only for small purchases that cannot wait for a purchase order or a card.',
    ],
  },
];

async function handbookPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('AP handbook');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const section of SECTIONS) {
    const page = doc.addPage([612, 792]);
    page.drawText(section.heading, { x: 72, y: 700, size: 18, font: bold });
    section.body.forEach((line, index) => page.drawText(line, { x: 72, y: 664 - index * 15, size: 10, font: regular }));
  }
  return doc.save();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `uploaded-answers-${name}.png`), fullPage: true, animations: 'disabled' });

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
// Tall enough for a whole answer in the screenshots (the chat scrolls inside the page).
test.use({ viewport: { width: 1280, height: 1100 } });

test('answers from an uploaded PDF in other words, and says plainly what it does not cover', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, ANSWERS_USER);
  await expect(page.getByText(ANSWERS_USER.name).first()).toBeVisible();

  await page
    .getByLabel('Choose files to upload')
    .setInputFiles([{ name: FILE, mimeType: 'application/pdf', buffer: Buffer.from(await handbookPdf()) }]);
  await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle context panel' }).click();
  await expect(page.getByRole('list', { name: 'Documents' }).getByText('Ready')).toHaveCount(1, { timeout: 90_000 });
  await page.getByRole('button', { name: 'Toggle context panel' }).click();

  await page.getByRole('radio', { name: 'Uploaded Files' }).click();
  // Issue 13's example of a clerk's paraphrase: the file speaks of a shortfall, a cash discount
  // and the bank deposit, under 'Early payment discounts' on page 2.
  await ask(page, 'The early-payment discount was taken, so the bank line is short');
  const log = page.getByRole('log', { name: 'Chat messages' });
  const passages = log.getByRole('region', { name: 'Passages' });
  // The answer leads with sentences of that page, cited [1]; that page is passage [1].
  await expect(log.getByText(/(discount|shortfall|deposit)[^[]*\[1\]/).first()).toBeVisible();
  const cited = passages.getByText(new RegExp(`^\\[1\\] ${FILE.replace('.', '\\.')}.*\\(page 2\\)$`));
  await expect(cited).toBeVisible();
  await expect(cited).toContainText('Early payment discounts');
  await expect(log.getByRole('region', { name: 'Sources' })).toContainText(FILE);
  // The passage itself is collapsed until asked for.
  await expect(passages.getByText('is not entitled to the discount', { exact: false })).toBeHidden();
  await shot(page, '1-paraphrase-cited');
  await cited.click();
  await expect(passages.getByText('is not entitled to the discount', { exact: false })).toBeVisible();
  await shot(page, '2-passage-opened');

  await ask(page, 'How many vacation days does a new hire earn in the first year?');
  await expect(log.getByText(/^Your uploaded files do not seem to cover this question/)).toBeVisible();
  await expect(log.getByText(/Try Structure\/General to search the Structure ERP guide, or upload the document that covers it/)).toBeVisible();
  // Nothing cited: the first answer's sources and passages are the only ones in the chat.
  await expect(log.getByRole('region', { name: 'Sources' })).toHaveCount(1);
  await expect(log.getByRole('region', { name: 'Passages' })).toHaveCount(1);
  await expect(log.getByText('Retrieved passages')).toHaveCount(1);
  await shot(page, '3-not-covered');
});
