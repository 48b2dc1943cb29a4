import { VENDOR_LIST_EXTENSIONS } from '@contract/vendors';

/** Spec part 2, section 5: a vendor list is .csv, .xlsx or .xls. */
export function isVendorListFile(file: File): boolean {
  const name = file.name.toLowerCase();
  return VENDOR_LIST_EXTENSIONS.some((extension) => name.endsWith(extension));
}
