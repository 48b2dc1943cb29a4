import type { InvoiceSection, ParsedInvoice, UploadInvoicesResult } from '@contract/invoices';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCurrency, formatInvoiceDate } from '../lib/format';
import { defaultInvoiceVendor } from '../lib/review-lines';
import { InvoiceImage } from './invoice-image';
import { InvoiceProcessingErrors } from './invoice-processing-errors';
import { InvoiceWarnings } from './invoice-warnings';
import { SECTIONS, SectionHighlights } from './section-highlights';

function InvoicePage({ invoice }: { invoice: ParsedInvoice }) {
  const [shown, setShown] = useState<ReadonlySet<InvoiceSection>>(() => new Set(SECTIONS.map(({ section }) => section)));
  const toggle = (section: InvoiceSection) =>
    setShown((previous) => {
      const next = new Set(previous);
      if (!next.delete(section)) next.add(section);
      return next;
    });

  return (
    <article className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          ['Invoice Number', invoice.invoice_number ?? 'N/A'],
          ['Vendor', defaultInvoiceVendor(invoice) || 'Unknown'],
          ['Date', formatInvoiceDate(invoice.invoice_date)],
          ['Total Amount', formatCurrency(invoice.total_amount, invoice.currency)],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="font-medium text-slate-900 dark:text-slate-50">{value}</dd>
          </div>
        ))}
      </dl>
      <InvoiceWarnings invoice={invoice} />
      <div role="group" aria-label="Highlight sections" className="flex flex-wrap gap-2">
        {SECTIONS.map(({ section, label }) => (
          <Button
            key={section}
            size="sm"
            variant={shown.has(section) && invoice.sections[section] ? 'secondary' : 'outline'}
            aria-pressed={shown.has(section)}
            disabled={!invoice.sections[section]}
            onClick={() => toggle(section)}
          >
            {label}
          </Button>
        ))}
      </div>
      {invoice.image_path ? (
        <InvoiceImage
          path={invoice.image_path}
          alt={`First page of ${invoice.source_filename}`}
          overlay={<SectionHighlights sections={invoice.sections} shown={shown} />}
        />
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">No page image is available for this invoice.</p>
      )}
    </article>
  );
}

type InvoiceBatchPreviewProps = {
  results: UploadInvoicesResult[];
  /** Files that failed: listed above the tabs, so their reasons outlast the 'Upload Complete' toast. */
  failed: UploadInvoicesResult[];
  onContinue: () => void;
};

/** Step 2 of the full page: one tab per file that went through, with its pages' sections. */
export function InvoiceBatchPreview({ results, failed, onContinue }: InvoiceBatchPreviewProps) {
  return (
    <section
      aria-label="Invoice preview"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <InvoiceProcessingErrors failed={failed} />
      <Tabs defaultValue="0">
        <TabsList aria-label="Processed files" className="flex flex-wrap">
          {results.map((result, index) => (
            <TabsTrigger key={`${result.filename}-${index}`} value={String(index)} className="max-w-56 truncate">
              {result.filename}
            </TabsTrigger>
          ))}
        </TabsList>
        {results.map((result, index) => (
          <TabsContent key={`${result.filename}-${index}`} value={String(index)} className="space-y-6">
            {result.parsed_invoices.length === 0 && <p className="text-sm text-slate-500">No invoices were found in this file.</p>}
            {result.parsed_invoices.map((invoice) => (
              <InvoicePage key={invoice.invoice_id} invoice={invoice} />
            ))}
          </TabsContent>
        ))}
      </Tabs>
      <div className="flex justify-end">
        <Button onClick={onContinue}>Continue to Confirmation</Button>
      </div>
    </section>
  );
}
