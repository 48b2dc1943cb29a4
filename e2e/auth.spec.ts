import { expect, test, type Page } from '@playwright/test';
import { E2E_USER, PLAIN_URL } from './fixtures';
import { signIn } from './helpers';

const signInFromWelcome = (page: Page) => signIn(page, E2E_USER);

test('a new user signs in through the built-in provider, uses dark mode and signs out', async ({ page }) => {
  await page.goto(`${PLAIN_URL}/`);
  await signInFromWelcome(page);

  await expect(page).toHaveURL(`${PLAIN_URL}/`);
  await expect(page.getByText(E2E_USER.name).first()).toBeVisible();
  await expect(page.getByText('Information Source')).toBeVisible();
  await expect(page.getByText('Online', { exact: true })).toBeVisible();

  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('switch', { name: 'Dark Mode' }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByText(E2E_USER.name).first()).toBeVisible();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${PLAIN_URL}/`);
});

test('after sign-in the user is back on the path they started from', async ({ page }) => {
  await page.goto(`${PLAIN_URL}/invoice-processing`);
  await signInFromWelcome(page);
  await expect(page).toHaveURL(`${PLAIN_URL}/invoice-processing`);
  await expect(page.getByRole('link', { name: 'Back to Chat' })).toBeVisible();
});

test('a wrong password is refused without saying which part was wrong', async ({ page }) => {
  await page.goto(`${PLAIN_URL}/`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('Email').fill(E2E_USER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});
