import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules axe checks; best-practice rules are left out on purpose. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fails (softly, so one run lists every screen's) with one readable line per serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // Experimental in axe, but a speech-input user says the visible text to press a control.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`);
      return `${violation.id} (${violation.impact}): ${violation.help}\n    ${nodes.join('\n    ')}`;
    });
  expect.soft(serious, `axe found serious or critical violations on ${where}`).toEqual([]);
}
