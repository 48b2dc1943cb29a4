import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDownloadExport } from '../api/download-export';

/** Settings' Database Export: the user's own data, and for administrators the whole instance. */
export function DatabaseExport({ isAdmin }: { isAdmin: boolean }) {
  const download = useDownloadExport();
  const busy = download.isPending;
  return (
    <section aria-labelledby="settings-export-title" className="space-y-2">
      <h3 id="settings-export-title" className="font-semibold text-slate-900 dark:text-slate-50">
        Database Export
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">Download a JSON export of chat history, documents and settings.</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={busy} onClick={() => download.mutate('user')}>
          <Download aria-hidden="true" />
          Download Export
        </Button>
        {isAdmin && (
          <Button variant="outline" disabled={busy} onClick={() => download.mutate('instance')}>
            <Download aria-hidden="true" />
            Download Instance Export
          </Button>
        )}
      </div>
    </section>
  );
}
