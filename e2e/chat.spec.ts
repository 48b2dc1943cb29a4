import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEV_URL, E2E_USER, PLAIN_URL, SECOND_USER } from './fixtures';
import { accessTokenOf, ask, signIn } from './helpers';

test('with no model configured, a question gets a cited answer from the guide', async ({ page }) => {
  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, E2E_USER);
  await ask(page, 'How do I release retention to a subcontractor when the job is finished?');

  const log = page.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByText('Retrieved passages').first()).toBeVisible();
  await expect(log.getByText('Releasing Retainage').first()).toBeVisible();
  await expect(log.getByRole('region', { name: 'Sources' })).toContainText('Releasing Retainage');
});

test('with a model, the answer streams and can be copied, exported and cleared', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: DEV_URL });
  await page.goto(`${DEV_URL}/dev`);
  await ask(page, 'How do I release retainage?');

  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  const log = page.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByText('To release retainage')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden({ timeout: 20_000 });
  await expect(log.getByText('Collect the final lien waiver first.')).toBeVisible();

  await log.getByRole('button', { name: 'Copy message' }).last().click();
  await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('To release retainage');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kai-chat-session-1-\d{4}-\d{2}-\d{2}\.txt$/);
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text).toContain('KAI Chat Export');
  expect(text).toContain('How do I release retainage?');

  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  // The chat keeps its name in the sidebar; its messages are gone.
  await expect(log.getByText('How do I release retainage?')).toHaveCount(0);
  await expect(page.getByText('Invoice parsing and vendor matching')).toBeVisible();
});

test("a second user cannot read the first user's session", async ({ browser }) => {
  const first = await browser.newContext();
  const pageA = await first.newPage();
  await pageA.goto(`${PLAIN_URL}/`);
  await signIn(pageA, E2E_USER);
  await pageA.getByRole('button', { name: 'New chat' }).click();
  // Ask once the new chat is the current one, not while it is being created.
  await expect(pageA.locator('[aria-current="true"]', { hasText: 'New chat' })).toBeVisible();
  await ask(pageA, 'Private question about joint checks for Apex Drywall');
  await expect(pageA.getByRole('log', { name: 'Chat messages' }).getByText('Retrieved passages').first()).toBeVisible();
  const sessions = await (
    await pageA.request.get(`${PLAIN_URL}/api/chat/sessions`, { headers: { authorization: `Bearer ${await accessTokenOf(pageA)}` } })
  ).json();
  const privateSession = sessions.find((s: { title: string }) => s.title.startsWith('Private question')).id as number;

  const second = await browser.newContext();
  const pageB = await second.newPage();
  await pageB.goto(`${PLAIN_URL}/`);
  await signIn(pageB, SECOND_USER);
  await expect(pageB.getByText(SECOND_USER.name).first()).toBeVisible();
  await expect(pageB.getByText('Private question about joint checks')).toHaveCount(0);

  const asB = { authorization: `Bearer ${await accessTokenOf(pageB)}` };
  expect((await pageB.request.get(`${PLAIN_URL}/api/chat/${privateSession}/messages`, { headers: asB })).status()).toBe(404);
  const ownFirst = await (await pageB.request.get(`${PLAIN_URL}/api/chat/1/messages`, { headers: asB })).json();
  expect(JSON.stringify(ownFirst)).not.toContain('Apex Drywall');
  await first.close();
  await second.close();
});
