import { expect, test } from '@playwright/test';
import { DEV_URL, PLAIN_URL } from './fixtures';

test('an unknown path shows the 404 text', async ({ page }) => {
  await page.goto(`${PLAIN_URL}/no/such/page`);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('/dev is an unknown path when dev mode is off', async ({ page }) => {
  await page.goto(`${PLAIN_URL}/dev`);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('(dev mode)')).toHaveCount(0);
});

test('/dev shows the main screen without sign-in when dev mode is on', async ({ page }) => {
  await page.goto(`${DEV_URL}/dev`);
  await expect(page.getByText('Information Source')).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText('(dev mode)')).toBeVisible();
});

test('routes match case-insensitively', async ({ page }) => {
  await page.goto(`${DEV_URL}/DEV`);
  await expect(page.getByText('Information Source')).toBeVisible();
});
