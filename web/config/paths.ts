/** Every UI path of the web app, in one place (STYLE.md #10). */
export const paths = {
  home: '/',
  dev: '/dev',
  invoiceProcessing: '/invoice-processing',
  procoreCallback: '/procore/callback',
  admin: '/admin',
} as const;
