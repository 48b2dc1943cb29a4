import { expect, type Page } from '@playwright/test';

/** From the welcome page through the built-in provider's sign-in form. */
export async function signIn(page: Page, user: { email: string; password: string }) {
  await expect(page.getByText('Your intelligent ERP assistant powered by AI')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to KAI' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The access token the web app holds (oidc-client-ts keeps it in local storage). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
    }
    return null;
  });
  if (!token) throw new Error('no access token in local storage');
  return token;
}

export async function ask(page: Page, question: string) {
  const box = page.getByPlaceholder('Ask me anything about Structure ERP...');
  await box.fill(question);
  await box.press('Enter');
}
