import { Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { InvoiceBatchFlow } from '@/features/invoices';
import { PageShell } from './page-shell';

/** Full-page invoice flow: upload up to 10 PDFs, preview, confirm as a batch (docs/product-rules.md, Invoices). */
export function InvoiceProcessingPage() {
  return (
    <PageShell title="Invoice Processing">
      <Suspense fallback={<Spinner className="mx-auto size-6" />}>
        <InvoiceBatchFlow />
      </Suspense>
    </PageShell>
  );
}
