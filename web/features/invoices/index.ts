import { lazy } from 'react';

// The two invoice flows load on first use: most visits to the chat never open them.
export const InvoiceBatchFlow = lazy(() => import('./components/invoice-batch-flow').then((m) => ({ default: m.InvoiceBatchFlow })));
export const InvoiceProcessingDialog = lazy(() =>
  import('./components/invoice-processing-dialog').then((m) => ({ default: m.InvoiceProcessingDialog })),
);
export { InvoicesTab } from './components/invoices-tab';
export type { VendorOption } from './lib/vendor-options';
