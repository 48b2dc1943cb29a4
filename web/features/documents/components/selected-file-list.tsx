import { FileText, X } from 'lucide-react';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { SelectedFile } from '../hooks/use-selected-files';
import { formatKilobytes } from '../lib/format';

type SelectedFileListProps = {
  files: SelectedFile[];
  disabled: boolean;
  onRemove: (id: string) => void;
  onPreview: (entry: SelectedFile) => void;
};

export function SelectedFileList({ files, disabled, onRemove, onPreview }: SelectedFileListProps) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Selected files" className="space-y-1">
      {files.map((entry) => {
        const { name, size } = entry.file;
        return (
          <li key={entry.id} className="flex items-center gap-2 rounded-md border border-slate-200 p-1.5 dark:border-slate-800">
            {entry.previewUrl ? (
              <button
                type="button"
                aria-label={`Preview ${name}`}
                className={cn('size-9 shrink-0 overflow-hidden rounded', focusRing)}
                onClick={() => onPreview(entry)}
              >
                <img src={entry.previewUrl} alt="" className="size-full object-cover" />
              </button>
            ) : (
              <FileText className="size-9 shrink-0 p-2 text-slate-500 dark:text-slate-400" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-slate-800 dark:text-slate-200" title={name}>
                {name}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{formatKilobytes(size)}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Remove ${name}`}
              disabled={disabled}
              onClick={() => onRemove(entry.id)}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
