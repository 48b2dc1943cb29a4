/** Spec part 2, Invoices tab: the invoice cards arrive with the invoices feature. */
export function InvoicesTab() {
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900 dark:text-slate-50">Invoice Processing</h3>
      <p className="text-slate-500 dark:text-slate-400">No invoices processed yet</p>
    </div>
  );
}
