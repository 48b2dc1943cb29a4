import { Spinner } from '@/components/ui/spinner';
import { PageShell } from './page-shell';

/** Where Procore sends the user back (docs/product-rules.md, Procore); the code exchange arrives with that feature. */
export function ProcoreCallbackPage() {
  return (
    <PageShell title="Procore">
      <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
        <Spinner />
        <p className="text-slate-600 dark:text-slate-400">Connecting to Procore...</p>
      </div>
    </PageShell>
  );
}
