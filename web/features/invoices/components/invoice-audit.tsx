import type { InvoiceCorrection, InvoiceDto } from '@contract/invoices';
import { formatInvoiceDate } from '../lib/format';

/** 'Confirmed by Pat Clerk on Nov 4, 2025'; null while the invoice is pending. */
function confirmationLine({ confirmedBy, confirmedAt }: InvoiceDto): string | null {
  if (!confirmedBy && !confirmedAt) return null;
  const by = confirmedBy ? ` by ${confirmedBy}` : '';
  const on = confirmedAt ? ` on ${formatInvoiceDate(confirmedAt)}` : '';
  return `Confirmed${by}${on}`;
}

/**
 * What an empty confirmed value means: a removed read line (field 'line_4', label 'Line 4 removed';
 * an edited one is 'line_4_amount') is gone from the import, any other field was cleared.
 */
function emptyConfirmed({ field, label }: InvoiceCorrection): string {
  return /^line[ _]\d+$/i.test(field) || /\bremoved$/i.test(label) ? 'removed' : 'cleared';
}

const cell = 'px-2 py-1 text-left align-top';

function CorrectionsTable({ corrections }: { corrections: InvoiceCorrection[] }) {
  return (
    <table className="w-full border-collapse text-xs">
      <caption className="pb-1 text-left text-sm font-semibold text-slate-700 dark:text-slate-300">Corrections</caption>
      <thead className="text-slate-500 dark:text-slate-400">
        <tr className="border-b border-slate-200 dark:border-slate-800">
          <th scope="col" className={cell}>
            Field
          </th>
          <th scope="col" className={cell}>
            Read
          </th>
          <th scope="col" className={cell}>
            Confirmed
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 text-slate-900 dark:divide-slate-800 dark:text-slate-100">
        {corrections.map((correction) => (
          <tr key={correction.field}>
            <th scope="row" className={`${cell} font-medium`}>
              {correction.label}
            </th>
            <td className={cell}>{correction.read ?? <span className="text-slate-500 italic dark:text-slate-400">not read</span>}</td>
            <td className={cell}>
              {correction.confirmed ?? <span className="text-slate-500 italic dark:text-slate-400">{emptyConfirmed(correction)}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Who signed the invoice off, what they changed from what was read, and any difference they accepted. */
export function InvoiceAudit({ invoice }: { invoice: InvoiceDto }) {
  const confirmed = confirmationLine(invoice);
  if (!confirmed && invoice.corrections.length === 0 && !invoice.differenceReason) return null;
  return (
    <section aria-label="Review record" className="space-y-2 text-sm">
      {confirmed && <p className="text-slate-700 dark:text-slate-300">{confirmed}</p>}
      {invoice.differenceReason && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <span className="font-medium">Lines accepted with a difference: </span>
          {invoice.differenceReason}
        </p>
      )}
      {invoice.corrections.length > 0 && <CorrectionsTable corrections={invoice.corrections} />}
    </section>
  );
}
