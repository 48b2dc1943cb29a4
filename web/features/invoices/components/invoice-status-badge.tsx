import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS_STYLES: Record<string, string> = {
  Pending: 'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-300',
  Confirmed: 'border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-300',
  Exported: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-300',
};

/** The status as the server gives it; 'Pending' when there is none (docs/product-rules.md, Invoices). */
export function InvoiceStatusBadge({ status }: { status: string | null | undefined }) {
  const label = status || 'Pending';
  return (
    <Badge variant="outline" className={cn('px-2', STATUS_STYLES[label])}>
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}
