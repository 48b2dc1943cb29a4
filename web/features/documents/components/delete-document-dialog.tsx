import type { DocumentDto } from '@contract/documents';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { getErrorMessage } from '@/lib/handle-error';
import { useDeleteDocument } from '../api/delete-document';

type DeleteDocumentDialogProps = {
  document: DocumentDto | null;
  onOpenChange: (open: boolean) => void;
};

/** Deleting cannot be undone, so it asks first (docs/product-rules.md, Uploads). */
export function DeleteDocumentDialog({ document, onOpenChange }: DeleteDocumentDialogProps) {
  const deleteDocument = useDeleteDocument();

  const confirm = () => {
    if (!document) return;
    deleteDocument.mutate(document.id, {
      onSuccess: () => {
        toast({ title: 'Document deleted', description: 'The document has been successfully removed.' });
        onOpenChange(false);
      },
      onError: (err) => {
        console.error(err);
        toast({ variant: 'destructive', title: 'Error deleting document', description: getErrorMessage(err, 'An unknown error occurred') });
      },
    });
  };

  return (
    <Dialog open={document !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Delete Document</DialogTitle>
          <DialogDescription className="break-words">
            Are you sure you want to delete {document?.filename}? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={deleteDocument.isPending} onClick={confirm}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
