import { ProcoreCallback } from '@/features/procore';
import { PageShell } from './page-shell';

/** Where Procore sends the user back after sign-in (docs/product-rules.md, Procore). */
export function ProcoreCallbackPage() {
  return (
    <PageShell title="Procore">
      <ProcoreCallback />
    </PageShell>
  );
}
