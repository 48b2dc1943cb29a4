import type { VendorDto } from '@contract/vendors';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { InvoiceProcessingDialog, type VendorOption } from '@/features/invoices';
import { useVendors } from '@/features/vendors';

/** Inactive vendors stay out of the picker; the legal entity shows beside a different trading name. */
export function toVendorOptions(vendors: VendorDto[] | undefined): VendorOption[] {
  return (vendors ?? [])
    .filter((vendor) => vendor.isActive)
    .map((vendor) => ({ name: vendor.name, detail: vendor.legalEntity && vendor.legalEntity !== vendor.name ? vendor.legalEntity : null }));
}

/** The header's invoice dialog, with the vendor master (fetched only while it is open) for its picker. */
export function InvoiceDialog({ open, onOpenChange, help }: { open: boolean; onOpenChange: (open: boolean) => void; help?: ReactNode }) {
  const vendors = useVendors({ enabled: open });
  const options = useMemo(() => toVendorOptions(vendors.data), [vendors.data]);
  // Loaded when first opened, then kept so closing keeps the dialog's own close animation.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <InvoiceProcessingDialog open={open} onOpenChange={onOpenChange} vendors={options} help={help} />
    </Suspense>
  );
}
