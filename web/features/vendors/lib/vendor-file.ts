import { VENDOR_LIST_EXTENSIONS } from '@contract/vendors';

/** Only the formats the vendor import reads (docs/product-rules.md, Vendors). */
export function isVendorListFile(file: File): boolean {
  const name = file.name.toLowerCase();
  return VENDOR_LIST_EXTENSIONS.some((extension) => name.endsWith(extension));
}
