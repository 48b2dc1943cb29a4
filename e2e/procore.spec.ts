import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEV_URL, PLAIN_URL, PROCORE_ANSWER, PROCORE_USER } from './fixtures';
import { accessTokenOf, ask, signIn } from './helpers';

/**
 * Issue 15: connecting Procore (a fake that speaks its OAuth protocol, server/test/fake-procore.ts)
 * through the dialog with a pasted code, and again through the callback page; then asking about
 * the Riverside subcontracts with the procore source and a fake model, and seeing Procore cited.
 * Screenshots go to /tmp/kai-shots-procore.
 */

const SHOTS = '/tmp/kai-shots-procore';
const COMPANY = 'Cedar Ridge Builders';

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

/** The code Procore's window would show after the user approves KAI at `authUrl`. */
async function approve(authUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authUrl, { redirect: 'manual' });
  const back = new URL(response.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

/** The sidebar's Procore action: 'Connect Procore', or 'Procore: {company}' once connected. */
async function openDialog(page: Page, title = 'Connect to Procore') {
  await page.getByRole('button', { name: /^(Connect Procore|Procore:)/ }).click();
  return page.getByRole('dialog', { name: title });
}

test('connects Procore through the dialog, then answers from it with the procore source', async ({ page, context }) => {
  await page.goto(`${DEV_URL}/dev`);
  await expect(page.getByRole('button', { name: 'Connect Procore' })).toBeVisible();

  // The dialog: Procore's window is kept from coming back to KAI, so the code is pasted by hand.
  await context.route('**/oauth/authorize**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Procore sign-in</p>' }));
  let dialog = await openDialog(page);
  await page.screenshot({ path: `${SHOTS}/1-intro.png` });
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in to Procore' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/oauth\/authorize/);
  const { code } = await approve(popup.url());
  await popup.close();
  await expect(dialog.getByRole('button', { name: 'Connect', exact: true })).toBeDisabled();
  await dialog.getByLabel('Authorization code').fill(code);
  await page.screenshot({ path: `${SHOTS}/2-code.png` });
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(`Successfully connected to ${COMPANY}`).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/3-connected.png` });
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole('radio', { name: 'Procore' })).toBeChecked();

  // The answer: the model is given what Procore holds and cites it.
  await ask(page, 'Which subcontracts on the Riverside project are over 90% paid?');
  await expect(page.getByText(PROCORE_ANSWER.replace(/ \[.*$/, ''), { exact: false })).toBeVisible({ timeout: 20_000 });
  const sources = page.getByText(/Riverside Medical Office › Subcontract SC-0\d\d/);
  await expect(sources.first()).toBeVisible();
  await expect(page.getByText(/SC-022/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/4-answer.png` });

  // Disconnecting: the dialog offers to connect again.
  dialog = await openDialog(page, 'Procore');
  await expect(dialog.getByText(`Connected to ${COMPANY}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/5-connected-dialog.png` });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect to Procore' }).getByRole('button', { name: 'Sign in to Procore' })).toBeVisible();
});

test('comes back from Procore to the callback page, connected; a refusal says so', async ({ page }) => {
  await page.goto(PLAIN_URL);
  await signIn(page, PROCORE_USER);
  await expect(page.getByRole('button', { name: 'Connect Procore' })).toBeVisible();
  const { authUrl } = (await (
    await page.request.get(`${PLAIN_URL}/api/procore/auth-url`, { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } })
  ).json()) as {
    authUrl: string;
  };
  // Procore's window sends the browser back to KAI with the code and the state.
  await page.goto(authUrl);
  await expect(page).toHaveURL(/\/procore\/callback\?/);
  await expect(page.getByText(`Successfully connected to Procore! Company: ${COMPANY}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/6-callback.png` });
  await expect(page).toHaveURL(`${PLAIN_URL}/`, { timeout: 5_000 });
  await expect(page.getByRole('button', { name: `Procore: ${COMPANY}` })).toBeVisible();

  await page.goto(`${PLAIN_URL}/procore/callback?error=access_denied&error_description=The+user+denied+access`);
  await expect(page.getByText('Failed to authenticate with Procore')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to KAI' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/7-callback-denied.png` });
});
