import type { VendorDto, VendorMatch } from '@contract/vendors';
import { matchVendors, rememberVendorAlias, type VendorHint } from './vendor-matching';
import { normalizeVendorName } from './vendor-names';
import type { VendorsRepository } from './vendors.repository';
import { toVendorDto } from './vendors.service';

/** The vendor master as other modules use it (invoices, the chat's look-up): never its repository. */
export interface VendorDirectory {
  /** Vendors the master suggests for a name (and contact details) printed on an invoice, best first. */
  match(hint: VendorHint, limit?: number): Promise<VendorMatch[]>;
  /** The master's entry with this name, case and punctuation aside. */
  findByName(name: string): Promise<{ id: string; code: string | null; name: string } | undefined>;
  /** Remembers that invoices printing `printedName` come from this vendor. */
  rememberAlias(printedName: string, vendorId: string, userId: string | null): Promise<void>;
  /** Vendor names like `query`, most similar first. */
  search(query: string, limit: number): Promise<VendorDto[]>;
}

export function createVendorDirectory(repository: VendorsRepository): VendorDirectory {
  const deps = { repository };
  return {
    match: (hint, limit = 5) => matchVendors(deps, hint, limit),
    async findByName(name) {
      const normalized = normalizeVendorName(name);
      return normalized ? repository.findByNormalizedName(normalized) : undefined;
    },
    rememberAlias: (printedName, vendorId, userId) => rememberVendorAlias(deps, printedName, vendorId, userId),
    async search(query, limit) {
      const normalized = normalizeVendorName(query);
      return normalized ? (await repository.searchByName(normalized, limit, { partial: true })).map(toVendorDto) : [];
    },
  };
}
