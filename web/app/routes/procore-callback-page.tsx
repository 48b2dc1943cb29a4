import { Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ProcoreCallback } from '@/features/procore';
import { PageShell } from './page-shell';

/** Where Procore sends the user back after sign-in (docs/product-rules.md, Procore). */
export function ProcoreCallbackPage() {
  return (
    <PageShell title="Procore">
      <Suspense fallback={<Spinner className="mx-auto size-6" />}>
        <ProcoreCallback />
      </Suspense>
    </PageShell>
  );
}
