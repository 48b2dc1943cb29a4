import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { BROWSER_ARGS, BROWSER_PATH, PLAIN_URL, VOICE_QUESTION, VOICE_USER } from './fixtures';
import { signIn } from './helpers';

/**
 * Issue 14: a clerk asks by speaking (Chromium's fake microphone plays KAI's own voice saying
 * the question, see global-setup.ts), sees 'Processing voice...', then the question sent and
 * answered; turns Voice Mode on and hears the answer to its end. Offline engines only: flite
 * for speech, pocketsphinx for input (installed by .ci/run). Screenshots go to /tmp/kai-shots-voice.
 */

const SHOTS = '/tmp/kai-shots-voice';

test.use({
  launchOptions: {
    executablePath: BROWSER_PATH,
    args: [
      ...BROWSER_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${process.env.KAI_E2E_VOICE_WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test('asks by voice, then hears the answer read aloud', async ({ page }) => {
  test.setTimeout(120_000);
  // Counts clips that played to their end (the player is an Audio object outside the page's DOM).
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      this.addEventListener('ended', () => {
        (window as unknown as { audioEnded: number }).audioEnded = ((window as unknown as { audioEnded?: number }).audioEnded ?? 0) + 1;
      });
      return play.call(this);
    };
  });
  await page.goto(PLAIN_URL);
  await signIn(page, VOICE_USER);
  const record = page.getByRole('button', { name: 'Record voice' });
  await expect(record).toBeEnabled();

  await record.click();
  const dialog = page.getByRole('dialog', { name: 'Voice Input' });
  await expect(dialog.getByText('Listening...')).toBeVisible();
  await expect(dialog.getByText('Speak your question clearly')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/1-listening.png` });
  // The fake microphone says the question after 0.6 s; it is done well within 3.5 s.
  await page.waitForTimeout(3500);
  await dialog.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Processing voice...')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/2-processing.png` });

  const asked = VOICE_QUESTION.replace(/\.$/, '').toLowerCase();
  await expect(page.getByRole('log', { name: 'Chat messages' }).getByText(asked, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('KAI is thinking...')).toBeHidden({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/3-answered.png` });

  await page.getByRole('switch', { name: 'Voice Mode' }).click();
  const play = page.getByRole('button', { name: 'Play audio' }).last();
  await expect(play).toBeVisible();
  await play.click();
  await expect(page.getByRole('button', { name: 'Stop audio' }).last()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/4-playing.png` });
  await expect.poll(() => page.evaluate(() => (window as unknown as { audioEnded?: number }).audioEnded ?? 0), { timeout: 90_000 }).toBe(1);
  await expect(page.getByRole('button', { name: 'Play audio' }).last()).toBeVisible();
});
