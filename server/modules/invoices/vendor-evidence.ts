/**
 * The company's vendor list as evidence for the issuer (issue 28). The reader ranks the names a
 * page prints in its letterhead and footer; when the name it chose is not a known vendor but
 * another of those names is, the known vendor is the better reading: a customer's name in large
 * type or an unfamiliar heading is not on the vendor list, the issuer usually is. The change is
 * never silent: the invoice carries a warning naming both readings.
 */
import type { VendorMatch } from '@contract/vendors';
import type { ExtractedInvoice } from '../../invoice-reading';
import type { VendorDirectory } from '../vendors/vendor-directory';

/** A suggestion this strong names the vendor: the same threshold as a confident name match. */
const KNOWN_VENDOR = 0.85;

export async function weighVendorList(
  vendors: Pick<VendorDirectory, 'match'>,
  invoice: ExtractedInvoice,
): Promise<{ invoice: ExtractedInvoice; vendorMatches: VendorMatch[] }> {
  const read = invoice.vendor ? await vendors.match({ name: invoice.vendor.value, ...invoice.vendorContact }) : [];
  if ((read[0]?.score ?? 0) >= KNOWN_VENDOR) return { invoice, vendorMatches: read };
  for (const other of invoice.vendorAlternatives ?? []) {
    const matches = await vendors.match({ name: other.value });
    // By name only: the contact details printed belong to the name first read.
    if (!matches[0] || matches[0].score < KNOWN_VENDOR || matches[0].reason === 'contact') continue;
    const warning = invoice.vendor
      ? `Vendor read as "${other.value}", a vendor on your list printed on this invoice, rather than "${invoice.vendor.value}".`
      : `Vendor read as "${other.value}", a vendor on your list printed on this invoice.`;
    return {
      invoice: { ...invoice, vendor: { ...other, confidence: 0.8 }, vendorContact: {}, warnings: [...invoice.warnings, warning] },
      vendorMatches: matches,
    };
  }
  return { invoice, vendorMatches: read };
}
