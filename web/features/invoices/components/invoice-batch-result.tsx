import type { ParsedInvoice } from '@contract/invoices';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { resultName, settledElsewhere, type BatchOutcome } from '../lib/batch-confirm';
import { ImportFileLinks } from './import-file-links';

type InvoiceBatchResultProps = {
  outcome: BatchOutcome;
  /** Every invoice of the batch, to name the results by. */
  invoices: ParsedInvoice[];
  onStartOver: () => void;
};

/**
 * What the confirm did, invoice by invoice: those written, those skipped and why (a warning,
 * never a plain success), and the import files to download again.
 */
export function InvoiceBatchResult({ outcome, invoices, onStartOver }: InvoiceBatchResultProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The confirm button may be gone (nothing left to confirm): focus goes where the answer is.
  useEffect(() => headingRef.current?.focus(), [outcome]);
  const { confirmed, skipped, imports } = outcome;
  const fixable = skipped.filter((result) => !settledElsewhere(result)).length;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none dark:text-slate-50">
        {skipped.length > 0 ? 'Confirmation Result: some invoices were not confirmed' : 'Confirmation Result'}
      </h2>

      {skipped.length > 0 && (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <p className="flex items-start gap-1.5 font-medium">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {skipped.length} invoice(s) not confirmed.
            {fixable > 0 && ' Those in the grid below keep your changes: fix them and confirm again.'}
          </p>
          <ul aria-label="Invoices not confirmed" className="list-disc space-y-1 pl-6">
            {skipped.map((result) => (
              // The server's message names the invoice already.
              <li key={result.invoice_id}>{result.message ?? `${resultName(result, invoices)}: no reason was given.`}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="space-y-2">
        <h3 className="flex items-center gap-1.5 text-sm font-semibold text-green-800 dark:text-green-300">
          <CircleCheck aria-hidden="true" className="size-4" />
          Confirmed ({confirmed.length})
        </h3>
        <ul aria-label="Confirmed invoices" className="list-disc space-y-1 pl-6 text-sm text-slate-700 dark:text-slate-300">
          {confirmed.map((result) => (
            <li key={result.invoice_id}>{resultName(result, invoices)}</li>
          ))}
        </ul>
      </div>

      {imports.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-50">Import files</h3>
          {imports.map((batchImport, index) => (
            <ImportFileLinks
              key={batchImport.filename ?? index}
              files={batchImport.files}
              label={imports.length > 1 ? `Import files, confirm ${index + 1}` : 'Import files'}
            />
          ))}
        </div>
      )}

      <div className="flex justify-end">
        <Button variant={skipped.length > 0 ? 'outline' : 'default'} onClick={onStartOver}>
          Process more invoices
        </Button>
      </div>
    </section>
  );
}
