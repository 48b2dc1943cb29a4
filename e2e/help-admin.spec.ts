import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN_USER as ADMIN, PLAIN_URL } from './fixtures';
import { signIn } from './helpers';

/**
 * Issue 16: the help glossary (search, category, a tutorial, an AI tip), the user's own export,
 * and an administrator adding a user who then signs in, choosing a password of their own in place
 * of the one-time one. Screenshots go to /tmp/kai-shots-help.
 */

const SHOTS = '/tmp/kai-shots-help';

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test('searches the help glossary, switches category, follows a tutorial and sees a tip', async ({ page }) => {
  await page.goto(PLAIN_URL);
  await signIn(page, ADMIN);
  await page.getByRole('banner').getByRole('button', { name: 'Get help with this feature' }).click();
  const glossary = page.getByRole('dialog', { name: 'KAI Help Glossary' });
  const query = glossary.locator('input').first();
  await query.fill('voice');
  await glossary.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(glossary.getByText(/Found \d+ result\(s\) for "voice"/)).toBeVisible();
  await expect(glossary.locator('mark').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/journey-1-search.png` });

  await glossary.getByRole('button', { name: 'Invoice Processing' }).click();
  await expect(query).toHaveValue('');

  // The Search button carries an AI tip: written from the help articles (no model here).
  await glossary.getByRole('button', { name: 'Search', exact: true }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: /\w{4,}/ })).toBeVisible();

  await glossary.getByRole('button', { name: 'Ask your first question' }).click();
  const tour = page.getByRole('dialog', { name: 'Ask your first question' });
  await expect(tour).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/journey-2-tutorial.png` });
  await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('button', { name: 'Done' }).click();
  await expect(tour).toBeHidden();
});

test("downloads the user's own export, then an administrator adds a user who signs in", async ({ page, browser }) => {
  await page.goto(PLAIN_URL);
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'Toggle context panel' }).click();
  await page.getByRole('complementary').getByRole('button', { name: 'Settings' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Export', exact: true }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^kai-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await file.path())!, 'utf8')) as Record<string, unknown>;
  expect(JSON.stringify(exported)).toContain(ADMIN.email);
  expect(JSON.stringify(exported)).not.toMatch(/password_hash|\$argon2|\$2[aby]\$/);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  const email = `clerk.${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name (optional)').fill('Cleo Clerk');
  await page.getByRole('button', { name: 'Add user' }).click();
  const oneTime = page.getByRole('status', { name: 'One-time password' });
  const password = (await oneTime.locator('code').textContent())!.trim();
  expect(password.length).toBeGreaterThan(8);
  await page.screenshot({ path: `${SHOTS}/journey-3-admin-added.png` });

  // The one-time password works once: KAI asks the new user for a password of their own.
  const clerk = await browser.newPage();
  await clerk.goto(PLAIN_URL);
  await signIn(clerk, { email, password });
  await expect(clerk.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await clerk.getByLabel('New password', { exact: true }).fill('cleo-own-password-1');
  await clerk.getByLabel('Confirm new password').fill('cleo-own-password-1');
  await clerk.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(clerk.getByRole('button', { name: 'User menu' })).toContainText('Cleo Clerk');
  await expect(clerk.getByRole('button', { name: 'User menu' })).toContainText('Standard user');
  await clerk.close();
});
