import type { InvoiceDto } from '@contract/invoices';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type DiscardInvoiceDialogProps = {
  invoice: InvoiceDto | null;
  isDiscarding: boolean;
  onConfirm: (invoice: InvoiceDto) => void;
  onOpenChange: (open: boolean) => void;
};

/** 'Invoice 1001 from Acme Supply', else the file's name: what the clerk recognises it by. */
function describe(invoice: InvoiceDto): string {
  const name = invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : invoice.filename;
  return invoice.vendorName ? `${name} from ${invoice.vendorName}` : name;
}

/** Asks before a pending invoice is discarded, saying what goes and what stays. */
export function DiscardInvoiceDialog({ invoice, isDiscarding, onConfirm, onOpenChange }: DiscardInvoiceDialogProps) {
  return (
    <Dialog open={invoice !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Discard invoice</DialogTitle>
          <DialogDescription>
            {invoice && describe(invoice)} will be removed from your invoices
            {/* The upload also filed the PDF as a document; discarding the invoice leaves that alone. */}
            {invoice?.documentId ? '; the PDF stays in your documents.' : '.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={isDiscarding} onClick={() => invoice && onConfirm(invoice)}>
            {isDiscarding ? 'Discarding...' : 'Discard'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
