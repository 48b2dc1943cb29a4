/** Product constants the UI shows or uses (spec part 1, section 9). */

export const ASSISTANT_NAME = 'KAI';

/** Placeholder until the deployment's support address is configured. */
export const SUPPORT_EMAIL = 'support@example.com';

/** Neutral placeholder for the footer's '© 2025 {company}'. */
export const COMPANY_NAME = 'Your Company';

export const COPYRIGHT_YEAR = 2025;
