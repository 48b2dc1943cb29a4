/** Every UI path of the web app, in one place (STYLE.md #10). */
export const paths = {
  home: '/',
  dev: '/dev',
  invoiceProcessing: '/invoice-processing',
  /** The full page reopening the review of one pending invoice. */
  invoiceReview: (id: string) => `/invoice-processing?review=${encodeURIComponent(id)}`,
  procoreCallback: '/procore/callback',
  admin: '/admin',
} as const;
