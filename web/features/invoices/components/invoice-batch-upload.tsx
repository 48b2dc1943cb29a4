import { MAX_INVOICES_PER_BATCH, TOO_MANY_INVOICES_MESSAGE } from '@contract/invoices';
import { FileText, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { formatMegabytes } from '../lib/format';

type InvoiceBatchUploadProps = {
  files: File[];
  onFilesChange: (files: File[]) => void;
  processing: boolean;
  onProcess: () => void;
};

/** Step 1 of the full page: choose up to 10 PDFs and send them in one request. */
export function InvoiceBatchUpload({ files, onFilesChange, processing, onProcess }: InvoiceBatchUploadProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);

  // A file that is not a PDF is sent anyway: the server refuses it alone, with its reason in the results.
  const pick = (picked: File[]) => {
    if (picked.length > MAX_INVOICES_PER_BATCH) {
      setProblem(TOO_MANY_INVOICES_MESSAGE);
      return;
    }
    setProblem(null);
    onFilesChange(picked);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        Invoice Upload
      </h2>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-files`}>Select invoice PDFs (up to {MAX_INVOICES_PER_BATCH})</Label>
        <input
          id={`${id}-files`}
          type="file"
          accept=".pdf,application/pdf"
          multiple
          disabled={processing}
          onChange={(event) => {
            pick(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
          className={cn(
            'block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-blue-700 dark:text-slate-300',
            focusRing,
          )}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
      {files.length > 0 && (
        <ul
          aria-label="Selected invoices"
          className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800"
        >
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-2 px-3 py-2">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-slate-500 tabular-nums dark:text-slate-400">{formatMegabytes(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-3">
        <Button disabled={files.length === 0 || processing} onClick={onProcess}>
          <Upload aria-hidden="true" />
          Process {files.length} Invoice(s)
        </Button>
        {processing && (
          <span role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Spinner className="size-4" />
            Processing invoices...
          </span>
        )}
      </div>
    </section>
  );
}
