import type { InvoiceDto } from '@contract/invoices';
import { Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ImportFileLinks } from './import-file-links';

type InvoiceCardActionsProps = { invoice: InvoiceDto; onDiscard: (invoice: InvoiceDto) => void };

/**
 * What can still be done with a listed invoice: a pending one is finished (Review) or dropped
 * (Discard); a confirmed one's import can be downloaded again.
 */
export function InvoiceCardActions({ invoice, onDiscard }: InvoiceCardActionsProps) {
  // The number, else the file: an unread number must not leave every card's buttons named alike.
  const name = invoice.invoiceNumber ?? invoice.filename;
  if (invoice.status !== 'Pending') {
    return <ImportFileLinks files={invoice.importFiles} label={`Import files of invoice ${name}`} compact className="text-xs" />;
  }
  return (
    <div className="flex items-center gap-2">
      <Link
        href={paths.invoiceReview(invoice.id)}
        aria-label={`Review invoice ${name}`}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        Review
      </Link>
      <Button variant="ghost" size="sm" aria-label={`Discard invoice ${name}`} onClick={() => onDiscard(invoice)}>
        <Trash2 aria-hidden="true" />
        Discard
      </Button>
    </div>
  );
}
