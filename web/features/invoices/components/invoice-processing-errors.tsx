import type { UploadInvoicesResult } from '@contract/invoices';
import { failureReason } from '../lib/batch';

/** The full page's 'Processing Errors': each file that failed, with the server's reason. */
export function InvoiceProcessingErrors({ failed }: { failed: UploadInvoicesResult[] }) {
  if (failed.length === 0) return null;
  return (
    <div className="space-y-2 rounded-md border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40">
      <h3 className="text-sm font-semibold text-red-800 dark:text-red-300">Processing Errors</h3>
      <ul aria-label="Processing errors" className="space-y-1 text-sm">
        {failed.map((result, index) => (
          <li key={`${result.filename}-${index}`}>
            <span className="font-medium text-red-900 dark:text-red-200">{result.filename}</span>
            <span className="text-red-700 dark:text-red-300">: {failureReason(result)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
