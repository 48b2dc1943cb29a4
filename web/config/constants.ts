/** Names and placeholders the UI shows; the product's limits are in docs/product-rules.md. */

export const ASSISTANT_NAME = 'KAI';

/** Placeholder until the deployment's support address is configured. */
export const SUPPORT_EMAIL = 'support@example.com';

/** Neutral placeholder for the footer's '© 2025 {company}'. */
export const COMPANY_NAME = 'Your Company';

export const COPYRIGHT_YEAR = 2025;

/** What /dev shows while the development identity (or its code) loads. */
export const DEV_LOADING_MESSAGE = 'Loading development mode...';
