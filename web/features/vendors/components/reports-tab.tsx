import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useVendors } from '../api/get-vendors';

const REPORTS = ['Vendor Summary', 'Invoice Status', 'Custom Query'] as const;

/** Reports lists the first five vendors only (docs/product-rules.md, Vendors). */
const LISTED_VENDORS = 5;

/** The report buttons only log until reports exist (docs/product-rules.md, Vendors). */
export function ReportsTab() {
  const vendorsTitleId = useId();
  const vendors = useVendors();
  const list = vendors.data ?? [];

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
          Vendors ({list.length})
        </h4>
        {vendors.isError && (
          <p role="alert" className="text-red-600 dark:text-red-400">
            Failed to fetch vendors
          </p>
        )}
        {list.length > 0 && (
          <ul aria-labelledby={vendorsTitleId} className="space-y-1">
            {list.slice(0, LISTED_VENDORS).map((vendor) => (
              <li
                key={vendor.id}
                className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-2 py-1.5 dark:border-slate-800"
              >
                <span className="truncate text-slate-900 dark:text-slate-100" title={vendor.legalEntity ?? vendor.name}>
                  {vendor.name}
                </span>
                <Badge variant={vendor.isActive ? 'success' : 'secondary'}>{vendor.isActive ? 'Active' : 'Inactive'}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
