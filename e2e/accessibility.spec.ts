import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility';
import { A11Y_USER, PLAIN_URL } from './fixtures';
import { ask, signIn } from './helpers';

/** Issue 16: axe finds no serious or critical WCAG 2.1 AA violation on the screens every user meets. */
test('welcome, main screen in light and dark, settings and help pass axe', async ({ page }) => {
  await page.goto(`${PLAIN_URL}/`);
  await expect(page.getByText('Your intelligent ERP assistant powered by AI')).toBeVisible();
  await expectNoSeriousViolations(page, 'the welcome page');

  await signIn(page, A11Y_USER);
  await expect(page.getByText('Information Source')).toBeVisible();
  await expectNoSeriousViolations(page, 'the main screen (light)');
  await ask(page, 'How do I enter a vendor invoice?');
  await expect(page.getByText('Sources').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the main screen with an answer (light)');

  await page.getByRole('switch', { name: 'Dark Mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousViolations(page, 'the main screen (dark)');

  const contextSettings = page.getByRole('complementary').getByRole('button', { name: 'Settings' });
  await page.getByRole('button', { name: 'Toggle context panel' }).click();
  await contextSettings.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'the settings dialog (dark)');
  await page.keyboard.press('Escape');
  await expect(contextSettings).toBeFocused();

  const helpButton = page.getByRole('banner').getByRole('button', { name: 'Get help with this feature' });
  await helpButton.click();
  const glossary = page.getByRole('dialog', { name: 'KAI Help Glossary' });
  await glossary.locator('input').first().fill('vendor');
  await glossary.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(glossary.getByText(/Found \d+ result\(s\) for "vendor"/)).toBeVisible();
  await expectNoSeriousViolations(page, 'the help glossary (dark)');
  // The pointer leaves the Search button: an open tooltip would take the first Escape (WCAG 1.4.13).
  await page.mouse.move(5, 5, { steps: 10 });
  await expect(page.getByRole('tooltip')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(glossary).toBeHidden();
  await expect(helpButton).toBeFocused();
});

test('focus goes back to the control that opened a dialog, also from a menu', async ({ page }) => {
  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, A11Y_USER);
  const userMenu = page.getByRole('button', { name: /^User menu/ });
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(userMenu).toBeFocused();

  await page.getByRole('button', { name: 'New chat' }).click();
  const options = page.getByRole('button', { name: 'Options for New chat' });
  await options.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(options).toBeFocused();
});
