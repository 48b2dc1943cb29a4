import { ACCEPTED_UPLOAD_EXTENSIONS, type UploadPurpose } from '@contract/documents';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useFileDrop } from '@/hooks/use-file-drop';
import { serverMessage } from '@/lib/handle-error';
import { cn } from '@/lib/utils';
import { useUploadDocuments } from '../api/upload-documents';
import { useSelectedFiles, type SelectedFile } from '../hooks/use-selected-files';
import { uploadSummaryToast } from '../lib/upload-summary';
import { ImagePreviewDialog } from './image-preview-dialog';
import { SelectedFileList } from './selected-file-list';
import { UploadProgressBar } from '@/components/ui/upload-progress';

const PURPOSES: ReadonlyArray<{ value: UploadPurpose; label: string }> = [
  { value: 'analyze', label: 'Analyze' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'vendor', label: 'Vendor' },
  { value: 'report', label: 'Report' },
];

/** Spec part 1, section 4: the bar rests at 90% until the server answers, then 100%. */
const SENT_PROGRESS_CAP = 90;
/** Spec part 1, section 9: progress and the list reset 500 ms after completion. */
const RESET_DELAY_MS = 500;

function isPurpose(value: string): value is UploadPurpose {
  return PURPOSES.some((purpose) => purpose.value === value);
}

function failureStatus(err: unknown): string {
  if (err instanceof ApiError) return err.statusText || String(err.status);
  if (err instanceof Error && err.message) return err.message;
  return 'Unknown error';
}

export function UploadPanel({ sessionId }: { sessionId?: number }) {
  const id = useId();
  const [purpose, setPurpose] = useState<UploadPurpose>('analyze');
  const { files, add, remove, clear } = useSelectedFiles();
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<SelectedFile | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const upload = useUploadDocuments();
  const busy = upload.isPending || progress > 0;

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const addFiles = (incoming: File[]) => {
    if (busy) return;
    setFailure(null);
    add(incoming);
  };
  const { dragging, zoneProps } = useFileDrop(addFiles, busy);

  const openPicker = () => {
    if (!busy) inputRef.current?.click();
  };

  const onZoneKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    openPicker();
  };

  const startUpload = async () => {
    if (files.length === 0) {
      toast({ title: 'No files selected', description: 'Please select files to upload.' });
      return;
    }
    setFailure(null);
    try {
      const result = await upload.mutateAsync({
        files: files.map((entry) => entry.file),
        sessionId,
        purpose,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * SENT_PROGRESS_CAP) : 0),
      });
      setProgress(100);
      // A 200 means at least one file was stored; the ones refused are listed with their reasons.
      toast(uploadSummaryToast(result));
      resetTimer.current = setTimeout(() => {
        setProgress(0);
        clear();
      }, RESET_DELAY_MS);
    } catch (err) {
      console.error(err);
      setProgress(0);
      setFailure(`Upload failed: ${failureStatus(err)}`);
      toast({ variant: 'destructive', title: 'Upload failed', description: serverMessage(err) ?? 'Failed to upload files. Please try again.' });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Upload Files
      </h3>
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

        <div
          role="button"
          tabIndex={busy ? -1 : 0}
          aria-disabled={busy || undefined}
          aria-describedby={`${id}-hint`}
          onClick={openPicker}
          onKeyDown={onZoneKeyDown}
          {...zoneProps}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed px-3 py-5 text-center transition-colors',
            dragging
              ? 'border-blue-500 bg-blue-50 dark:bg-blue-950/40'
              : 'border-slate-300 hover:border-blue-400 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/50',
            busy && 'cursor-not-allowed opacity-60',
            focusRing,
          )}
        >
          <Upload className="size-5 text-slate-500 dark:text-slate-400" aria-hidden="true" />
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">Drop files here or click to browse</span>
          <span id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            PDF, DOC, XLS, Images supported
          </span>
        </div>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPTED_UPLOAD_EXTENSIONS.join(',')}
          className="hidden"
          tabIndex={-1}
          aria-label="Choose files to upload"
          data-testid="upload-input"
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            // Picking the same file again after removing it must fire change again.
            event.target.value = '';
          }}
        />

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
