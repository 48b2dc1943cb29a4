import type { InvoiceSection, PageRegion, ParsedInvoice } from '@contract/invoices';
import { cn } from '@/lib/utils';

export const SECTIONS: ReadonlyArray<{ section: InvoiceSection; label: string; box: string }> = [
  { section: 'header', label: 'Header', box: 'border-blue-500 bg-blue-500/10' },
  { section: 'line_items', label: 'Line Items', box: 'border-green-500 bg-green-500/10' },
  { section: 'total', label: 'Total', box: 'border-amber-500 bg-amber-500/10' },
  { section: 'reference', label: 'Reference', box: 'border-fuchsia-500 bg-fuchsia-500/10' },
];

const percent = (fraction: number) => `${Math.min(Math.max(fraction, 0), 1) * 100}%`;

/** Boxes over the page-1 image; regions are fractions of the page from its top-left corner. */
export function SectionHighlights({ sections, shown }: { sections: ParsedInvoice['sections']; shown: ReadonlySet<InvoiceSection> }) {
  return (
    <>
      {SECTIONS.map(({ section, label, box }) => {
        const region: PageRegion | undefined = sections[section];
        if (!region || region.page !== 1 || !shown.has(section)) return null;
        return (
          <div
            key={section}
            data-testid={`highlight-${section}`}
            aria-hidden="true"
            title={label}
            className={cn('pointer-events-none absolute rounded-sm border-2', box)}
            style={{ left: percent(region.x), top: percent(region.y), width: percent(region.width), height: percent(region.height) }}
          />
        );
      })}
    </>
  );
}
