import { FileUp } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useFileDrop } from '@/hooks/use-file-drop';
import { cn } from '@/lib/utils';
import { UploadProgressBar } from '@/components/ui/upload-progress';

type InvoiceUploadStepProps = {
  onFiles: (files: File[]) => void;
  /** Percent while uploading, null when idle. */
  progress: number | null;
};

/** Step 1: pick or drop PDFs; the upload starts as soon as files arrive. */
export function InvoiceUploadStep({ onFiles, progress }: InvoiceUploadStepProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = progress !== null;
  const { dragging, zoneProps } = useFileDrop(onFiles, busy);

  return (
    <div
      {...zoneProps}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors',
        dragging ? 'border-blue-500 bg-blue-50 dark:bg-blue-950/40' : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <FileUp className="size-10 text-blue-600 dark:text-blue-400" aria-hidden="true" />
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        Upload Invoice(s)
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">Select PDF files to process</p>
      <Button disabled={busy} onClick={() => inputRef.current?.click()}>
        Choose Files
      </Button>
      <p className="text-xs text-slate-500 dark:text-slate-400">or drag and drop PDF files here</p>
      <input
        ref={inputRef}
        type="file"
        accept=".pdf,application/pdf"
        multiple
        className="hidden"
        tabIndex={-1}
        aria-label="Choose invoice PDFs"
        data-testid="invoice-file-input"
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {busy && (
        <div className="w-full max-w-sm">
          <UploadProgressBar value={progress} />
        </div>
      )}
    </div>
  );
}
