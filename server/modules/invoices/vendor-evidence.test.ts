import { describe, expect, it } from 'vitest';
import type { VendorMatch } from '@contract/vendors';
import { parseInvoiceLayout } from '../../invoice-reading';
import { item, itemsLayout } from '../../invoice-reading/test-layouts';
import { weighVendorList } from './vendor-evidence';

/** A vendor list of two names, matched by exact name as the directory would score them. */
const known = ['Keller Masonry', 'Fenwick Timber'];
const vendors = {
  async match({ name }: { name: string }): Promise<VendorMatch[]> {
    const hit = known.find((vendor) => vendor.toLowerCase() === name.toLowerCase());
    return hit ? [{ vendor_id: hit, name: hit, score: 1, reason: 'name' }] : [];
  },
};

/** A customer's name in large type at the top; the issuer only small in the footer. */
const page = (footer: string) =>
  parseInvoiceLayout(
    itemsLayout([
      item('Harbor Builders Inc.', 40, 60, 16),
      item('88 Pier Street, Salem OR 97301', 40, 80),
      item('Invoice #', 400, 40),
      item('R-3310', 460, 40),
      item('Total', 400, 500),
      item('250.00', 480, 500),
      item(footer, 40, 760, 8),
    ]),
  )[0];

describe('the vendor list as evidence for the issuer', () => {
  it('takes a known vendor printed on the page over an unknown name read first, and says so', async () => {
    const read = page('Keller Masonry');
    expect(read.vendor?.value).toBe('Harbor Builders Inc.');
    const { invoice, vendorMatches } = await weighVendorList(vendors, read);
    expect(invoice.vendor?.value).toBe('Keller Masonry');
    expect(vendorMatches[0].vendor_id).toBe('Keller Masonry');
    expect(invoice.warnings).toContain(
      'Vendor read as "Keller Masonry", a vendor on your list printed on this invoice, rather than "Harbor Builders Inc.".',
    );
  });

  it('keeps the reading when no other name on the page is a known vendor', async () => {
    const read = page('Thank you');
    const { invoice } = await weighVendorList(vendors, read);
    expect(invoice).toBe(read);
  });

  it('keeps the reading when the name read first is itself a known vendor', async () => {
    const read = page('Keller Masonry');
    const { invoice } = await weighVendorList(
      { match: async ({ name }) => await vendors.match({ name: name === 'Harbor Builders Inc.' ? 'Fenwick Timber' : name }) },
      read,
    );
    expect(invoice.vendor?.value).toBe('Harbor Builders Inc.');
  });
});
