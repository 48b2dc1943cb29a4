/** The texts of docs/product-rules.md (Procore) and the spec's error catalogue, word for word. */
export const CALLBACK_MESSAGES = {
  missingCode: 'No authorization code received from Procore',
  authFailed: 'Failed to authenticate with Procore',
  otherError: 'An error occurred while connecting to Procore',
} as const;

export const DEFAULT_COMPANY_NAME = 'your Procore company';

export function successToastDescription(companyName?: string): string {
  return `Successfully connected to ${companyName || DEFAULT_COMPANY_NAME}`;
}
