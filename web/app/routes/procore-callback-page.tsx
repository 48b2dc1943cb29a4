import { Spinner } from '@/components/ui/spinner';
import { PageShell } from './page-shell';

/** Return point of the Procore connection (spec part 2); the code exchange arrives with that feature. */
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
