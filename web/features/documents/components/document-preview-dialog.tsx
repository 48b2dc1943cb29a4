import type { DocumentDto } from '@contract/documents';
import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useDownloadDocument } from '../api/download-document';
import { documentTypeLabel, formatDocumentDate, formatFileSize } from '../lib/format';
import { DocumentVisual } from './document-visual';

type DocumentPreviewDialogProps = {
  document: DocumentDto | null;
  onOpenChange: (open: boolean) => void;
};

function PreviewBody({ document }: { document: DocumentDto }) {
  const download = useDownloadDocument();
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-all">{document.filename}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{documentTypeLabel(document)}</Badge>
            <span>{formatFileSize(document.fileSize)}</span>
            <span aria-hidden="true">·</span>
            <span>Uploaded {formatDocumentDate(document.createdAt || document.uploadedAt)}</span>
          </div>
        </DialogDescription>
      </DialogHeader>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={download.isPending}
          onClick={() => download.mutate({ id: document.id, filename: document.filename })}
        >
          <Download aria-hidden="true" />
          {download.isPending ? 'Downloading...' : 'Download'}
        </Button>
      </div>
      <DocumentVisual document={document} />
      <section aria-label="Metadata" className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Metadata</h3>
        <pre className="max-h-64 overflow-auto rounded-md bg-slate-100 p-3 text-xs whitespace-pre-wrap text-slate-800 dark:bg-slate-950 dark:text-slate-200">
          {JSON.stringify(document.metadata ?? {}, null, 2)}
        </pre>
      </section>
    </>
  );
}

/** Name, type, size, date, download, the document itself where it can be shown, and its metadata. */
export function DocumentPreviewDialog({ document, onOpenChange }: DocumentPreviewDialogProps) {
  return (
    <Dialog open={document !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-auto">{document && <PreviewBody document={document} />}</DialogContent>
    </Dialog>
  );
}
