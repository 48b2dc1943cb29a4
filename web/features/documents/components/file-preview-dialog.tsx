import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDocument } from '../api/get-document';

type FilePreviewDialogProps = {
  /** The document shown; null keeps the dialog closed. */
  documentId: string | null;
  onOpenChange: (open: boolean) => void;
};

function isNotFound(err: unknown): boolean {
  // A malformed id is answered 400 by the route schema: for the reader it is just as missing.
  return err instanceof ApiError && (err.status === 404 || err.status === 400);
}

/** Mounted only while the dialog is open, so every opening asks the server again. */
function FilePreviewBody({ documentId }: { documentId: string }) {
  const document = useDocument(documentId);

  let body;
  if (document.isPending) {
    body = (
      <div role="status" className="flex justify-center py-8">
        <Spinner />
        <span className="sr-only">Loading document...</span>
      </div>
    );
  } else if (document.isError) {
    body = (
      <p role="alert" className="text-sm text-slate-600 dark:text-slate-400">
        {isNotFound(document.error) ? 'Document not found' : 'Could not load this document. Please try again.'}
      </p>
    );
  } else if (document.data.processedContent) {
    body = (
      <div className="max-h-[60vh] overflow-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800 dark:bg-slate-950 dark:text-slate-200">
        {document.data.processedContent}
      </div>
    );
  } else {
    body = <p className="text-sm text-slate-600 dark:text-slate-400">Content extraction is still processing...</p>;
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-all">{document.data?.filename ?? 'Document'}</DialogTitle>
        <DialogDescription>Extracted content</DialogDescription>
      </DialogHeader>
      {body}
    </>
  );
}

/** The extracted text of one document, e.g. opened from a chat citation. */
export function FilePreviewDialog({ documentId, onOpenChange }: FilePreviewDialogProps) {
  return (
    <Dialog open={documentId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-auto">
        {documentId !== null && <FilePreviewBody documentId={documentId} />}
      </DialogContent>
    </Dialog>
  );
}
