import { useId } from 'react';
import { Button } from '@/components/ui/button';

const REPORTS = ['Vendor Summary', 'Invoice Status', 'Custom Query'] as const;

/** Spec part 2, Reports tab: the report buttons have no behaviour beyond a console log. */
export function ReportsTab() {
  const vendorsTitleId = useId();
  return (
    <div className="space-y-4">
      <h3 className="font-semibold text-slate-900 dark:text-slate-50">Quick Reports</h3>
      <div className="grid gap-2">
        {REPORTS.map((report) => (
          <Button key={report} variant="outline" size="sm" className="justify-start" onClick={() => console.log(`Report requested: ${report}`)}>
            {report}
          </Button>
        ))}
      </div>
      <section aria-labelledby={vendorsTitleId} className="space-y-2">
        <h4 id={vendorsTitleId} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          Vendors (0)
        </h4>
      </section>
    </div>
  );
}
