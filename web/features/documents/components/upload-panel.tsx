import type { UploadPurpose } from '@contract/documents';
import { Upload } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { UploadProgressBar } from '@/components/ui/upload-progress';
import { cn } from '@/lib/utils';
import type { SelectedFile } from '../hooks/use-selected-files';
import { useUploadFlow } from '../hooks/use-upload-flow';
import { ImagePreviewDialog } from './image-preview-dialog';
import { SelectedFileList } from './selected-file-list';
import { UploadDropZone } from './upload-drop-zone';

const PURPOSES: ReadonlyArray<{ value: UploadPurpose; label: string }> = [
  { value: 'analyze', label: 'Analyze' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'vendor', label: 'Vendor' },
  { value: 'report', label: 'Report' },
];

function isPurpose(value: string): value is UploadPurpose {
  return PURPOSES.some((purpose) => purpose.value === value);
}

/** `help`: a help control shown beside the heading, composed by the app. */
export function UploadPanel({ sessionId, help }: { sessionId?: number; help?: ReactNode }) {
  const id = useId();
  const { purpose, setPurpose, files, remove, progress, failure, busy, addFiles, startUpload } = useUploadFlow(sessionId);
  const [previewing, setPreviewing] = useState<SelectedFile | null>(null);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-tour="upload-panel">
      <div className="flex items-center justify-between px-2">
        <h3 id={`${id}-title`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          Upload Files
        </h3>
        {help}
      </div>
      <div className="space-y-3 px-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-purpose`}>Upload Purpose</Label>
          <select
            id={`${id}-purpose`}
            value={purpose}
            disabled={busy}
            onChange={(event) => {
              if (isPurpose(event.target.value)) setPurpose(event.target.value);
            }}
            className={cn(
              'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
              focusRing,
            )}
          >
            {PURPOSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>

        <UploadDropZone hintId={`${id}-hint`} busy={busy} onFiles={addFiles} />

        <SelectedFileList files={files} disabled={busy} onRemove={remove} onPreview={setPreviewing} />
        {busy && <UploadProgressBar value={progress} />}
        {failure && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {failure}
          </p>
        )}
        <Button className="w-full" disabled={busy} onClick={() => void startUpload()}>
          <Upload aria-hidden="true" />
          Upload {files.length} file(s)
        </Button>
      </div>
      <ImagePreviewDialog entry={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
    </section>
  );
}
