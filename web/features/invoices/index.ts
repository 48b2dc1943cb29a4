import { lazy } from 'react';

// The two invoice flows and the side panel's tab load on first use: most visits to the chat never open them.
export const InvoiceBatchFlow = lazy(() => import('./components/invoice-batch-flow').then((m) => ({ default: m.InvoiceBatchFlow })));
export const InvoiceProcessingDialog = lazy(() =>
  import('./components/invoice-processing-dialog').then((m) => ({ default: m.InvoiceProcessingDialog })),
);
export const InvoicesTab = lazy(() => import('./components/invoices-tab').then((m) => ({ default: m.InvoicesTab })));
export type { VendorOption } from './lib/vendor-options';
