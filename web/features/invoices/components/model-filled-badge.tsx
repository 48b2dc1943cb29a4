import type { InvoiceFieldName, ParsedInvoice } from '@contract/invoices';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const HINT = 'Read by the AI model where the rules could not read it. Please check it against the invoice.';

/** A small 'AI' mark beside a header field a language model filled (decision 014); nothing otherwise. */
export function ModelFilledBadge({ invoice, field }: { invoice: ParsedInvoice; field: InvoiceFieldName }) {
  if (invoice.fields[field]?.source !== 'model') return null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge
          variant="outline"
          tabIndex={0}
          className={cn(
            'ml-1.5 border-violet-300 bg-violet-50 px-1.5 py-0 align-middle text-[10px] text-violet-800 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-300',
            focusRing,
          )}
        >
          AI<span className="sr-only"> (read by the AI model, please check)</span>
        </Badge>
      </TooltipTrigger>
      <TooltipContent>{HINT}</TooltipContent>
    </Tooltip>
  );
}
