import type { DocumentDto } from '@contract/documents';
import { Eye, FileText, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatKilobytes, truncateFileName } from '../lib/format';
import { StatusBadge } from './status-badge';

type DocumentRowProps = {
  document: DocumentDto;
  onPreview: (document: DocumentDto) => void;
  onDelete: (document: DocumentDto) => void;
};

export function DocumentRow({ document, onPreview, onDelete }: DocumentRowProps) {
  const { filename } = document;
  return (
    <li className="rounded-md border border-slate-200 p-2 dark:border-slate-800">
      <div className="flex items-start gap-2">
        <FileText className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-all text-slate-800 dark:text-slate-200" title={filename}>
            {truncateFileName(filename)}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <span title={document.fileType}>{document.kind.toUpperCase()}</span>
            <span aria-hidden="true">·</span>
            <span>{formatKilobytes(document.fileSize)}</span>
            <StatusBadge status={document.status} />
          </p>
          {document.status === 'failed' && document.failureReason && (
            <p className="mt-1 text-xs text-red-700 dark:text-red-400">{document.failureReason}</p>
          )}
        </div>
        <div className="flex shrink-0 items-center">
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Preview ${filename}`} onClick={() => onPreview(document)}>
            <Eye aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-red-600 hover:text-red-700 dark:text-red-400"
            aria-label={`Delete ${filename}`}
            onClick={() => onDelete(document)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
