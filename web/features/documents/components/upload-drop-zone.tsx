import { ACCEPTED_UPLOAD_EXTENSIONS } from '@contract/documents';
import { Upload } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { focusRing } from '@/components/ui/button';
import { useFileDrop } from '@/hooks/use-file-drop';
import { cn } from '@/lib/utils';

type UploadDropZoneProps = {
  /** The id of the hint line that describes the zone. */
  hintId: string;
  busy: boolean;
  onFiles: (files: File[]) => void;
};

/** Where files are dropped, or clicked or keyed (Enter, Space) to open the hidden file input. */
export function UploadDropZone({ hintId, busy, onFiles }: UploadDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { dragging, zoneProps } = useFileDrop(onFiles, busy);

  const openPicker = () => {
    if (!busy) inputRef.current?.click();
  };

  const onZoneKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    openPicker();
  };

  return (
    <>
      <div
        role="button"
        tabIndex={busy ? -1 : 0}
        aria-disabled={busy || undefined}
        aria-describedby={hintId}
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
        <span id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
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
          onFiles(Array.from(event.target.files ?? []));
          // Picking the same file again after removing it must fire change again.
          event.target.value = '';
        }}
      />
    </>
  );
}
