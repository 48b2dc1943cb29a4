import type { ParsedInvoice } from '@contract/invoices';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '../lib/format';
import { useParsedInvoice } from '../api/get-parsed-invoice';

type InvoiceBatchReviewProps = {
  invoiceId: string;
  /** Leaves the review for a fresh upload. */
  onStartOver: () => void;
  /** The page's flow, opened on the invoice once it is loaded. */
  children: (invoice: ParsedInvoice) => ReactNode;
};

/** ?review=<id>: the Invoices tab's Review reopens one pending invoice as read, in the confirmation grid. */
export function InvoiceBatchReview({ invoiceId, onStartOver, children }: InvoiceBatchReviewProps) {
  const { data, error, isPending, refetch, isFetching } = useParsedInvoice(invoiceId);
  if (data) return children(data);
  if (isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner className="size-4" />
        Loading the invoice...
      </p>
    );
  }
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <section
      aria-label="Invoice review"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {notFound
          ? 'This invoice was not found: it may have been discarded, or it belongs to someone else.'
          : withServerMessage('The invoice could not be loaded', error)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link href={paths.home} className={buttonVariants({ variant: 'outline' })}>
          Back to your invoices
        </Link>
        {!notFound && (
          <Button variant="outline" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        )}
        <Button onClick={onStartOver}>Upload invoices</Button>
      </div>
    </section>
  );
}
