import { FileText } from 'lucide-react';
import { PageShell } from './page-shell';

/** Full-page invoice flow (spec part 2); the upload and review steps arrive with the invoices feature. */
export function InvoiceProcessingPage() {
  return (
    <PageShell title="Invoice Processing">
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-16 text-center dark:border-slate-700 dark:bg-slate-900">
        <FileText className="size-10 text-blue-600 dark:text-blue-400" aria-hidden="true" />
        <p className="text-slate-600 dark:text-slate-400">Upload invoice PDFs to start.</p>
      </div>
    </PageShell>
  );
}
